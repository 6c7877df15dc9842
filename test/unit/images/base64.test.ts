import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { createImagePipeline, MAX_BASE64_LENGTH, MAX_IMAGE_BYTES } from '../../../src/images/index.ts';
import { appError, sample } from './helpers.ts';
import { sharedDataSkip } from '../../helpers/shared-data.ts';

const pipeline = createImagePipeline();
const hopper = sample('pillow_testimages/hopper.jpg');
const hopperBase64 = hopper.toString('base64');

function normalise(data: string, mediaType = 'image/jpeg') {
  return pipeline.normalise({ type: 'base64', mediaType, data });
}

describe('Base64 must be raw standard Base64 → otherwise 400', { skip: sharedDataSkip }, () => {
  test('the plain encoding is accepted', async () => {
    const result = await normalise(hopperBase64);
    assert.deepEqual([result.width, result.height], [128, 128]);
  });

  const cases: Array<[string, string]> = [
    ['a data: URL prefix', `data:image/jpeg;base64,${hopperBase64}`],
    ['line breaks every 76 characters (MIME style)', hopperBase64.replace(/.{76}/g, '$&\r\n')],
    ['a trailing newline', `${hopperBase64}\n`],
    ['a leading space', ` ${hopperBase64}`],
    ['spaces inside', `${hopperBase64.slice(0, 100)} ${hopperBase64.slice(100)}`],
    ['the URL-safe alphabet', hopperBase64.replace(/\+/g, '-').replace(/\//g, '_')],
    ['missing padding', hopperBase64.replace(/=+$/, '')],
    ['extra padding', `${hopperBase64}==`],
    ['padding in the middle', `${hopperBase64.slice(0, 8)}==${hopperBase64.slice(10)}`],
    ['an invalid character', `${hopperBase64.slice(0, 40)}*${hopperBase64.slice(41)}`],
    ['non-ASCII letters', `${hopperBase64.slice(0, 40)}é${hopperBase64.slice(41)}`],
    ['non-zero bits before the padding', 'QR=='],
    ['an empty string', ''],
  ];
  for (const [name, data] of cases) {
    test(name, async () => {
      await assert.rejects(normalise(data), appError('INVALID_REQUEST', 400));
    });
  }

  test('the error message does not echo the data', async () => {
    await assert.rejects(normalise(`data:image/jpeg;base64,${hopperBase64}`), (err: Error) => {
      assert.equal(err.message.includes(hopperBase64.slice(0, 20)), false);
      assert.equal(err.message.includes('data:image'), false);
      return true;
    });
  });
});

describe('size', { skip: sharedDataSkip }, () => {
  test('a Base64 string longer than 5 MiB can encode is refused before decoding (413)', async () => {
    // Not even valid Base64: the length alone decides, so nothing is decoded.
    await assert.rejects(normalise('!'.repeat(MAX_BASE64_LENGTH + 1)), appError('IMAGE_TOO_LARGE', 413));
  });

  test('5 MiB + 1 byte decoded is refused (413)', async () => {
    const data = Buffer.alloc(MAX_IMAGE_BYTES + 1).toString('base64');
    assert.ok(data.length <= MAX_BASE64_LENGTH, 'passes the length pre-check');
    await assert.rejects(normalise(data), appError('IMAGE_TOO_LARGE', 413));
  });

  test('exactly 5 MiB passes the size limit (and is then judged by its content)', async () => {
    const data = Buffer.alloc(MAX_IMAGE_BYTES).toString('base64');
    await assert.rejects(normalise(data), appError('IMAGE_UNSUPPORTED', 415));
  });
});

describe('media type must be supported and match the bytes → otherwise 415', { skip: sharedDataSkip }, () => {
  for (const mediaType of ['image/gif', 'image/svg+xml', 'text/plain', 'IMAGE/JPEG', 'image/jpg', 'image/jpeg; charset=binary', '']) {
    test(`mediaType ${JSON.stringify(mediaType)} is refused`, async () => {
      await assert.rejects(normalise(hopperBase64, mediaType), appError('IMAGE_UNSUPPORTED', 415));
    });
  }

  const files = {
    'image/jpeg': sample('pillow_testimages/hopper.jpg'),
    'image/png': sample('pillow_testimages/hopper.png'),
    'image/webp': sample('pillow_testimages/hopper.webp'),
  } as const;
  for (const [actual, bytes] of Object.entries(files)) {
    for (const declared of Object.keys(files)) {
      if (declared === actual) {
        continue;
      }
      test(`${actual} bytes declared as ${declared}`, async () => {
        await assert.rejects(normalise(bytes.toString('base64'), declared), appError('IMAGE_UNSUPPORTED', 415));
      });
    }
  }

  test('bytes that are no image at all', async () => {
    await assert.rejects(normalise(Buffer.from('hello, this is text').toString('base64')), appError('IMAGE_UNSUPPORTED', 415));
  });
});

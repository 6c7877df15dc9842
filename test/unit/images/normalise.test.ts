import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { assertEvery } from '../../helpers/assert.ts';
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Metadata } from 'sharp';
import { createImagePipeline, MAX_IMAGE_BYTES } from '../../../src/images/index.ts';
import { appError, base64Source, difference, mediaTypeOf, sample, thumbprint } from './helpers.ts';
import { sharedDataSkip } from '../../helpers/shared-data.ts';

const pipeline = createImagePipeline();

/** Output properties every normalised image must have: JPEG, no metadata left. */
async function assertCleanJpeg(jpeg: Buffer): Promise<Metadata> {
  const meta = await sharp(jpeg).metadata();
  assert.equal(meta.format, 'jpeg');
  assert.equal(meta.exif, undefined, 'no EXIF block');
  assert.equal(meta.orientation, undefined, 'no orientation tag');
  assert.equal(meta.xmp, undefined, 'no XMP');
  assert.equal(meta.iptc, undefined, 'no IPTC');
  assert.equal(meta.icc, undefined, 'no ICC profile');
  assert.equal(meta.hasAlpha, false);
  return meta;
}

describe('EXIF orientation is applied and the tag removed', { skip: sharedDataSkip }, () => {
  for (const set of ['Landscape', 'Portrait'] as const) {
    // As displayed: Landscape 1800 × 1200, Portrait 1200 × 1800 (SOURCES.md), whatever the stored size.
    const [width, height] = set === 'Landscape' ? [1800, 1200] : [1200, 1800];
    for (let orientation = 0; orientation <= 8; orientation++) {
      test(`${set}_${orientation}.jpg comes out ${width}×${height}, upright, without EXIF`, async () => {
        const upright = await pipeline.normalise(base64Source(sample(`exif_orientation/${set}_1.jpg`), 'image/jpeg'));
        const stored = sample(`exif_orientation/${set}_${orientation}.jpg`);
        if (orientation >= 2) {
          // The stored pixels really are turned or mirrored: otherwise this test would prove nothing.
          assert.ok(difference(await thumbprint(stored), await thumbprint(upright.jpeg)) > 20);
        }
        const result = await pipeline.normalise(base64Source(stored, 'image/jpeg'));
        assert.equal(result.width, width);
        assert.equal(result.height, height);
        const meta = await assertCleanJpeg(result.jpeg);
        assert.equal(meta.width, width);
        assert.equal(meta.height, height);
        // Same picture as the upright original (the JPEG re-encoding explains a small difference).
        assert.ok(difference(await thumbprint(result.jpeg), await thumbprint(upright.jpeg)) < 8);
      });
    }
  }

  for (let orientation = 2; orientation <= 8; orientation++) {
    for (const ext of ['jpg', 'webp'] as const) {
      test(`hopper_orientation_${orientation}.${ext} is turned upright`, async () => {
        const bytes = sample(`pillow_testimages/hopper_orientation_${orientation}.${ext}`);
        const upright = await thumbprint(sample(`pillow_testimages/hopper.${ext}`));
        // The stored pixels really are turned: otherwise this test would prove nothing.
        assert.ok(difference(await thumbprint(bytes), upright) > 20);
        const result = await pipeline.normalise(base64Source(bytes, mediaTypeOf(`x.${ext}`)));
        assert.equal(result.width, 128);
        assert.equal(result.height, 128);
        await assertCleanJpeg(result.jpeg);
        assert.ok(difference(await thumbprint(result.jpeg), upright) < 12);
      });
    }
  }
});

describe('size of the output', { skip: sharedDataSkip }, () => {
  test('a large picture shrinks to fit 2048 × 2048, keeping its proportions', async () => {
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#3366aa' } }).jpeg().toBuffer();
    const result = await pipeline.normalise(base64Source(big, 'image/jpeg'));
    assert.deepEqual([result.width, result.height], [2048, 1536]);
    await assertCleanJpeg(result.jpeg);
  });

  test('a rotated large picture fits by its displayed size', async () => {
    // Stored 3000 × 2000 with orientation 6 (turn 90°): displayed 2000 × 3000.
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#aa6633' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const result = await pipeline.normalise(base64Source(big, 'image/jpeg'));
    assert.deepEqual([result.width, result.height], [1365, 2048]);
  });

  test('a small picture is not enlarged', async () => {
    const result = await pipeline.normalise(base64Source(sample('pillow_testimages/hopper.png'), 'image/png'));
    assert.deepEqual([result.width, result.height], [128, 128]);
  });
});

describe('metadata is stripped', { skip: sharedDataSkip }, () => {
  test('GPS position and camera details do not survive', async () => {
    const withGps = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Camera', Model: 'Phone', Artist: 'Buyer' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 0/1' },
      })
      .toBuffer();
    assert.ok((await sharp(withGps).metadata()).exif, 'the input carries EXIF');
    const result = await pipeline.normalise(base64Source(withGps, 'image/jpeg'));
    await assertCleanJpeg(result.jpeg);
    assert.equal(result.jpeg.includes('Buyer'), false);
    assert.equal(result.jpeg.includes('Exif'), false);
  });

  for (const path of ['pillow_testimages/flower.jpg', 'pillow_testimages/flower.webp']) {
    test(`${path} (EXIF with maker notes) comes out without metadata`, async () => {
      const result = await pipeline.normalise(base64Source(sample(path), mediaTypeOf(path)));
      assert.deepEqual([result.width, result.height], [480, 360]);
      await assertCleanJpeg(result.jpeg);
    });
  }
});

describe('alpha and animation', { skip: sharedDataSkip }, () => {
  test('a transparent WebP is flattened onto white', async () => {
    const result = await pipeline.normalise(base64Source(sample('pillow_testimages/transparent.webp'), 'image/webp'));
    assert.deepEqual([result.width, result.height], [200, 150]);
    await assertCleanJpeg(result.jpeg);
    // The top-left pixel is fully transparent in the source.
    const { data } = await sharp(result.jpeg).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    assertEvery([...data], (channel) => channel > 245, `white, got ${[...data].join(',')}`);
  });

  test('a PNG with alpha becomes a white-backed JPEG', async () => {
    const clearRed = await sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const result = await pipeline.normalise(base64Source(clearRed, 'image/png'));
    await assertCleanJpeg(result.jpeg);
    const stats = await sharp(result.jpeg).stats();
    for (const channel of stats.channels) {
      assert.ok(channel.min > 245, 'every pixel is white');
    }
  });

  test('an animated WebP gives its first frame only', async () => {
    const animated = sample('pillow_testimages/iss634.webp');
    assert.ok(((await sharp(animated).metadata()).pages ?? 1) > 1, 'the input is animated');
    const result = await pipeline.normalise(base64Source(animated, 'image/webp'));
    assert.deepEqual([result.width, result.height], [245, 245]);
    const meta = await assertCleanJpeg(result.jpeg);
    assert.equal(meta.pages, undefined);
  });

  test('greyscale and 16-bit-table JPEGs are accepted', async () => {
    for (const path of ['pillow_testimages/hopper_gray.jpg', 'pillow_testimages/hopper_16bit_qtables.jpg']) {
      const result = await pipeline.normalise(base64Source(sample(path), 'image/jpeg'));
      assert.deepEqual([result.width, result.height], [128, 128]);
    }
  });
});

describe('damaged files → 422', { skip: sharedDataSkip }, () => {
  // Every file SOURCES.md lists as damaged (see the report for the ones libvips alone would accept).
  const damaged = [
    'truncated_jpeg.jpg',
    'truncated_app14.jpg',
    'truncated_exif_dpi.jpg',
    'truncated_image.png',
    'truncated_end_chunk.png',
    'broken.png',
    'broken_data_stream.png',
    'hopper_idat_after_image_end.png',
    'invalid-exif.jpg',
    'invalid-exif-without-x-resolution.jpg',
    'hopper_bad_exif.jpg',
    'broken_exif_dpi.jpg',
  ];
  for (const name of damaged) {
    test(name, async () => {
      const path = `pillow_testimages/${name}`;
      await assert.rejects(pipeline.normalise(base64Source(sample(path), mediaTypeOf(path))), appError('IMAGE_UNPROCESSABLE', 422));
    });
  }

  test('a JPEG cut in the middle of its scan', async () => {
    const whole = sample('pillow_testimages/hopper.jpg');
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    await assert.rejects(pipeline.normalise(base64Source(cut, 'image/jpeg')), appError('IMAGE_UNPROCESSABLE', 422));
  });

  test('a WebP cut short', async () => {
    const whole = sample('pillow_testimages/flower.webp');
    await assert.rejects(
      pipeline.normalise(base64Source(whole.subarray(0, whole.length - 500), 'image/webp')),
      appError('IMAGE_UNPROCESSABLE', 422),
    );
  });
});

describe('formats outside the contract → 415', { skip: sharedDataSkip }, () => {
  for (const [name, declared] of [
    ['hopper.gif', 'image/gif'],
    ['hopper.bmp', 'image/bmp'],
    ['hopper.tif', 'image/tiff'],
    ['hopper.avif', 'image/avif'],
  ] as const) {
    test(`${name} declared as ${declared}`, async () => {
      await assert.rejects(pipeline.normalise(base64Source(sample(`pillow_testimages/${name}`), declared)), appError('IMAGE_UNSUPPORTED', 415));
    });
    test(`${name} declared as image/jpeg`, async () => {
      await assert.rejects(pipeline.normalise(base64Source(sample(`pillow_testimages/${name}`), 'image/jpeg')), appError('IMAGE_UNSUPPORTED', 415));
    });
  }

  test('an SVG declared as image/png', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await assert.rejects(pipeline.normalise(base64Source(svg, 'image/png')), appError('IMAGE_UNSUPPORTED', 415));
  });
});

describe('limits → 413', { skip: sharedDataSkip }, () => {
  test('a JPEG over 5 MiB', async () => {
    // Gaussian noise at quality 100 barely compresses: a 4.8 MP picture is well over 5 MiB.
    const noisy = await sharp({ create: { width: 2200, height: 2200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 80 } } })
      .jpeg({ quality: 100 })
      .toBuffer();
    assert.ok(noisy.length > MAX_IMAGE_BYTES, `generated ${noisy.length} bytes`);
    await assert.rejects(pipeline.normalise(base64Source(noisy, 'image/jpeg')), appError('IMAGE_TOO_LARGE', 413));
  });

  test('a few-hundred-byte PNG whose header declares 5000 × 4000 is refused from the header', async () => {
    // The data holds one row only: were the pixels decoded, this would be a damaged file (422), so
    // 413 shows the refusal came from the header.
    const png = pngWithHeader(5000, 4000, deflateSync(Buffer.alloc(5001)));
    assert.ok(png.length < 1000);
    await assert.rejects(pipeline.normalise(base64Source(png, 'image/png')), appError('IMAGE_TOO_LARGE', 413));
  });

  test('a small JPEG whose frame header declares 6000 × 3000 is refused from the header', async () => {
    const jpeg = withJpegFrameSize(sample('pillow_testimages/hopper.jpg'), 6000, 3000);
    await assert.rejects(pipeline.normalise(base64Source(jpeg, 'image/jpeg')), appError('IMAGE_TOO_LARGE', 413));
  });

  test('exactly 16,000,000 pixels is allowed', async () => {
    const png = await sharp({ create: { width: 4000, height: 4000, channels: 3, background: '#204060' } }).png().toBuffer();
    const result = await pipeline.normalise(base64Source(png, 'image/png'));
    assert.deepEqual([result.width, result.height], [2048, 2048]);
  });
});

/** A grey 8-bit PNG with the given header size and IDAT payload, every CRC correct. */
function pngWithHeader(width: number, height: number, idat: Buffer): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A copy of a baseline JPEG with its SOF0 frame header rewritten to another size. */
function withJpegFrameSize(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  for (let offset = 2; offset < copy.length; ) {
    const marker = copy[offset + 1]!;
    const length = copy.readUInt16BE(offset + 2);
    if (marker === 0xc0) {
      copy.writeUInt16BE(height, offset + 5);
      copy.writeUInt16BE(width, offset + 7);
      return copy;
    }
    offset += 2 + length;
  }
  throw new Error('no SOF0 segment');
}

/**
 * The JavaScript client's tracking of rendered answers (spec part 6), on answers of the real
 * Aisle app. Where a browser is not needed the requests go to the real app's collector and are
 * counted in its table: `IMP` once per answer however often it is re-rendered, `click` on
 * every click of the card with that card's links, nothing for products that are not the
 * answer's, and failures never thrown. The visibility rules (50 % for 1 s without interruption,
 * the page shown) are driven by a scripted stand-in for the browser's IntersectionObserver and
 * `document`, with the test's clock; the widget's browser tests prove them in a real browser.
 */
import { describe, test, before, after, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { pollUntil } from '../helpers/dialogs.ts';
import {
  createAisleClient,
  createTracker,
  eventUrls,
  type AisleClient,
  type AssistantHistoryItem,
  type CardBinding,
  type GenerateResponse,
  type IntersectionEntryLike,
  type Product,
  type TrackingFetch,
} from '../../clients/js/src/index.ts';
import { startClientTestServer, type ClientTestServer } from './helpers.ts';
import { assertEvery } from '../helpers/assert.ts';

/** The browser's IntersectionObserver, scripted: the test says how much of an element is in view. */
class ScriptedObserver {
  static made: ScriptedObserver[] = [];
  readonly targets = new Set<unknown>();
  disconnected = false;
  constructor(
    private readonly callback: (entries: IntersectionEntryLike[]) => void,
    readonly options: { threshold: number[] },
  ) {
    ScriptedObserver.made.push(this);
  }
  observe(target: unknown): void {
    this.targets.add(target);
  }
  disconnect(): void {
    this.disconnected = true;
  }
  static show(target: unknown, ratio: number, area = 100 * 100): void {
    for (const o of ScriptedObserver.made) {
      if (!o.disconnected && o.targets.has(target)) {
        o.callback([{ target, isIntersecting: ratio > 0, intersectionRatio: ratio, boundingClientRect: { width: area / 100, height: 100 } }]);
      }
    }
  }
}

/** `document` as far as page visibility goes. */
class ScriptedDocument extends EventTarget {
  visibilityState: 'visible' | 'hidden' = 'visible';
  setVisibility(state: 'visible' | 'hidden') {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

const productsOf = (answer: { response: GenerateResponse['response'] }): Product[] =>
  answer.response.contents.flatMap((b) => (b.type === 'products' ? b.value : []));

const rootUrls = (answer: GenerateResponse, type: string) => eventUrls(answer.events, type);

describe('JavaScript client tracking', () => {
  let s: ClientTestServer;
  let aisle: AisleClient;
  /** Tracking requests as the tracker made them. */
  let requested: string[];
  /** Sends to the real app (its links name the public address, https://aisle.test) and records. */
  let toServer: TrackingFetch;

  const answerWithProducts = async (): Promise<GenerateResponse> => {
    const answer = await aisle.generate(aisle.createMessage({ threadId: aisle.newThreadId(), content: 'смартфон samsung' }));
    assert.ok(productsOf(answer).length >= 2, 'the answer shows at least two products');
    return answer;
  };

  const recorded = async (messageId: string) => {
    const rows = await s.t.database.storage.db
      .selectFrom('tracking_events')
      .select(['type', 'sku'])
      .where('message_id', '=', messageId)
      .execute();
    return rows.map((r) => `${r.type}${r.sku === null ? '' : `:${r.sku}`}`).sort();
  };

  before(async () => {
    s = await startClientTestServer('sqlite');
    aisle = createAisleClient({ baseUrl: s.baseUrl, tenantId: 'shop-a', resourceId: `buyer-${randomUUID()}` });
    toServer = (url, init) => {
      requested.push(url);
      return fetch(url.replace('https://aisle.test', s.baseUrl), init);
    };
  });
  after(async () => {
    await s.close();
  });

  test('the addresses of an event type: every one of urls[], or url; type compared with its case', async () => {
    const events = [
      { type: 'IMP', urls: ['https://t.example/1', 'https://t.example/2'] },
      { type: 'IMP', url: 'https://t.example/3' },
      { type: 'imp', url: 'https://t.example/lower' },
      { type: 'WRIMP', url: 'https://t.example/4' },
    ];
    assert.deepEqual(eventUrls(events, 'IMP'), ['https://t.example/1', 'https://t.example/2', 'https://t.example/3']);
    assert.deepEqual(eventUrls(events, 'WRIMP'), ['https://t.example/4']);
    assert.deepEqual(eventUrls(events, 'click'), []);
    assert.deepEqual(eventUrls(undefined, 'IMP'), []);

    const answer = await answerWithProducts();
    assert.equal(rootUrls(answer, 'IMP').length, 1, 'the real answer has an IMP link (in the urls[] form)');
    assert.equal(rootUrls(answer, 'WRIMP').length, 1, 'and a WRIMP link (in the url form)');
  });

  test('IMP is sent once per answer, also when the answer is rendered again from history; nothing else without a viewport', async () => {
    requested = [];
    const answer = await answerWithProducts();
    const messageId = answer.assistantMessageId!;
    const tracker = createTracker({ fetch: toServer, IntersectionObserver: null, document: null });

    tracker.trackAnswer({ answer, blockElement: new EventTarget() })();
    tracker.trackAnswer({ answer, blockElement: new EventTarget() })();
    const restored = (await aisle.history({ threadId: answer.threadId })).items.find((i): i is AssistantHistoryItem => i.role === 'assistant');
    assert.ok(restored);
    tracker.trackAnswer({ answer: restored, blockElement: new EventTarget() })();

    assert.deepEqual(requested, rootUrls(answer, 'IMP'));
    assert.deepEqual(await pollUntil(() => recorded(messageId), (rows) => rows.length > 0, 'the IMP row'), ['IMP']);
  });

  test("a card's click links are called on every click of that card, and not after the card is gone", async () => {
    requested = [];
    const answer = await answerWithProducts();
    const [first, second] = productsOf(answer);
    assert.ok(first?.sku && second?.sku);
    const elements = [new EventTarget(), new EventTarget()];
    const cards: CardBinding[] = [
      { element: elements[0]!, product: first },
      { element: elements[1]!, product: second },
    ];
    const tracker = createTracker({ fetch: toServer, IntersectionObserver: null, document: null });
    const stop = tracker.trackAnswer({ answer, blockElement: new EventTarget(), cards });

    elements[0]!.dispatchEvent(new Event('click'));
    elements[0]!.dispatchEvent(new Event('click'));
    const middle = Object.assign(new Event('auxclick'), { button: 1 });
    elements[0]!.dispatchEvent(middle);
    const right = Object.assign(new Event('auxclick'), { button: 2 });
    elements[0]!.dispatchEvent(right);
    stop();
    elements[0]!.dispatchEvent(new Event('click'));
    elements[1]!.dispatchEvent(new Event('click'));

    const clicks = eventUrls(first.events, 'click');
    assert.equal(clicks.length, 1);
    assert.deepEqual(requested, [...rootUrls(answer, 'IMP'), ...clicks, ...clicks, ...clicks]);
    const expected = ['IMP', `click:${first.sku}`, `click:${first.sku}`, `click:${first.sku}`].sort();
    assert.deepEqual(await pollUntil(() => recorded(answer.assistantMessageId!), (rows) => rows.length >= 4, 'the rows'), expected);
  });

  test('products that are not the answer\'s own are not tracked (only events that arrived in the response)', async () => {
    requested = [];
    const answer = await answerWithProducts();
    const copy = structuredClone(productsOf(answer)[0]!);
    const element = new EventTarget();
    createTracker({ fetch: (url) => requested.push(url), IntersectionObserver: null, document: null }).trackAnswer({
      answer,
      cards: [{ element, product: copy }],
    });
    element.dispatchEvent(new Event('click'));
    assert.deepEqual(requested, rootUrls(answer, 'IMP'));
  });

  test('a failing tracking request is never thrown into the renderer', async () => {
    const answer = await answerWithProducts();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      for (const failing of [
        () => {
          throw new TypeError('Failed to fetch');
        },
        () => Promise.reject(new TypeError('Failed to fetch')),
      ] satisfies TrackingFetch[]) {
        const element = new EventTarget();
        const stop = createTracker({ fetch: failing, IntersectionObserver: null, document: null }).trackAnswer({
          answer,
          cards: [{ element, product: productsOf(answer)[0]! }],
        });
        element.dispatchEvent(new Event('click'));
        stop();
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  describe('visibility (scripted IntersectionObserver)', () => {
    let answer: GenerateResponse;
    let sent: string[];
    let doc: ScriptedDocument;
    const tracker = () =>
      createTracker({
        fetch: (url) => sent.push(url),
        IntersectionObserver: ScriptedObserver,
        document: doc,
      });
    const blockVisible = () => [...rootUrls(answer, 'WRIMP'), ...rootUrls(answer, 'visible_impression')];
    const cardViews = (index: number) => eventUrls(productsOf(answer)[index]!.events, 'visible_impression');
    const imp = () => rootUrls(answer, 'IMP');

    before(async () => {
      answer = await answerWithProducts();
      assert.equal(blockVisible().length, 2, 'the answer has WRIMP and a block visible_impression');
      assert.equal(cardViews(0).length, 1, 'and a visible_impression per card');
    });

    const setup = (t: TestContext) => {
      t.mock.timers.enable({ apis: ['setTimeout'] });
      sent = [];
      doc = new ScriptedDocument();
      ScriptedObserver.made = [];
    };

    test('WRIMP and the block visible_impression after one second at 50 % or more, once', (t) => {
      setup(t);
      const block = new EventTarget();
      tracker().trackAnswer({ answer, blockElement: block });
      assert.deepEqual(ScriptedObserver.made[0]?.options, { threshold: [0.5] });
      ScriptedObserver.show(block, 0.49);
      t.mock.timers.tick(5000);
      assert.deepEqual(sent, imp(), 'under half visible: no visible impression');
      ScriptedObserver.show(block, 0.5);
      t.mock.timers.tick(999);
      assert.deepEqual(sent, imp());
      t.mock.timers.tick(1);
      assert.deepEqual(sent, [...imp(), ...blockVisible()]);
      ScriptedObserver.show(block, 0);
      ScriptedObserver.show(block, 1);
      t.mock.timers.tick(5000);
      assert.deepEqual(sent, [...imp(), ...blockVisible()], 'once per display');
    });

    test('an interruption before the second is over starts the second again', (t) => {
      setup(t);
      const block = new EventTarget();
      tracker().trackAnswer({ answer: { ...answer, assistantMessageId: 'interruption-test' }, blockElement: block });
      ScriptedObserver.show(block, 0.8);
      t.mock.timers.tick(600);
      ScriptedObserver.show(block, 0.2);
      t.mock.timers.tick(100);
      ScriptedObserver.show(block, 0.8);
      t.mock.timers.tick(999);
      assert.deepEqual(sent, imp(), '600 ms + 999 ms is not one unbroken second');
      t.mock.timers.tick(1);
      assert.deepEqual(sent, [...imp(), ...blockVisible()]);
    });

    test('nothing counts as seen while the page is hidden', (t) => {
      setup(t);
      const block = new EventTarget();
      const card = new EventTarget();
      doc.visibilityState = 'hidden';
      tracker().trackAnswer({ answer: { ...answer, assistantMessageId: randomUUID() }, blockElement: block, cards: [{ element: card, product: productsOf(answer)[0]! }] });
      ScriptedObserver.show(block, 1);
      ScriptedObserver.show(card, 1);
      t.mock.timers.tick(3000);
      assert.deepEqual(sent, imp(), 'hidden page: no visible impressions');
      doc.setVisibility('visible');
      assert.deepEqual(sent, [...imp(), ...cardViews(0)]);
      doc.setVisibility('hidden');
      t.mock.timers.tick(3000);
      doc.setVisibility('visible');
      t.mock.timers.tick(1000);
      assert.deepEqual(sent, [...imp(), ...cardViews(0), ...blockVisible()]);
    });

    test("a card's visible_impression at 50 %, once, and not for an element with no area", (t) => {
      setup(t);
      const cards = [new EventTarget(), new EventTarget(), new EventTarget()];
      const products = productsOf(answer);
      const stopFirst = tracker().trackAnswer({
        answer: { ...answer, assistantMessageId: 'card-test' },
        cards: cards.map((element, i) => ({ element, product: products[i % products.length]! })),
      });
      ScriptedObserver.show(cards[0], 0.5);
      ScriptedObserver.show(cards[0], 0.1);
      ScriptedObserver.show(cards[0], 0.9);
      ScriptedObserver.show(cards[1], 0.3);
      ScriptedObserver.show(cards[2], 1, 0);
      assert.deepEqual(sent, [...imp(), ...cardViews(0)]);
      stopFirst();
      assertEvery(ScriptedObserver.made, (o) => o.disconnected, 'the disposer stops observing');
    });

    test('a re-render of the same answer sends no impression again; a disposed render sends nothing more', (t) => {
      setup(t);
      const one = tracker();
      const target = { ...answer, assistantMessageId: 'rerender-test' };
      const block1 = new EventTarget();
      const card1 = new EventTarget();
      const stop1 = one.trackAnswer({ answer: target, blockElement: block1, cards: [{ element: card1, product: productsOf(target)[0]! }] });
      ScriptedObserver.show(card1, 1);
      ScriptedObserver.show(block1, 1);
      t.mock.timers.tick(500);
      stop1();
      t.mock.timers.tick(5000);
      assert.deepEqual(sent, [...imp(), ...cardViews(0)], 'disposed before the second was over: no WRIMP');

      const block2 = new EventTarget();
      const card2 = new EventTarget();
      one.trackAnswer({ answer: target, blockElement: block2, cards: [{ element: card2, product: productsOf(target)[0]! }] });
      ScriptedObserver.show(card2, 1);
      ScriptedObserver.show(block2, 1);
      t.mock.timers.tick(1000);
      assert.deepEqual(sent, [...imp(), ...cardViews(0), ...blockVisible()], 'the re-render sent only what had not been sent');
    });
  });
});

/**
 * The script of the shop's insights page (`/insights`, served as `insights/v1/insights.js`).
 * The shop enters its insights key; the key is kept in this tab's sessionStorage only and sent
 * as `Authorization: Bearer` to `insights/v1/summary` — never in an address. The page draws the
 * period's charts with uPlot and its lists as text nodes (buyers' words are never parsed as HTML).
 */
import uPlot from 'uplot';
import { h } from '../dom.ts';

interface DayFigures {
  day: string;
  conversations: number;
  turns: number;
  answersWithProducts: number;
  answersWithoutProducts: number;
  likes: number;
  dislikes: number;
  impressions: number;
  visibleImpressions: number;
  cardViews: number;
  clicks: number;
  clickThrough: number | null;
}

interface Summary {
  shop: { id: string; name: string; language: string };
  period: { from: string; to: string; utcOffset: number; days: number };
  totals: Omit<DayFigures, 'day'> & { starterPromptSelections: number; starterPromptPresses: number };
  days: DayFigures[];
  topRequests: Array<{ text: string; count: number; withoutProducts: number }>;
  requestsWithoutProducts: Array<{ text: string; count: number }>;
  dislikedAnswers: Array<{ at: string; request: string; answer: string }>;
  starterPrompts: Array<{ id: string; text: string; shown: number; pressed: number }>;
}

const TEXTS = {
  en: {
    wrongKey: 'This key is not valid. Check it and enter it again.',
    needKey: 'Enter the insights key of your shop.',
    tooMany: (s: string) => `Too many wrong keys from this address. Try again in ${s} s.`,
    failed: 'The figures could not be loaded. Try again in a minute.',
    loading: 'Loading…',
    periodOf: (from: string, to: string, days: number) => `${from} – ${to} · ${days} ${days === 1 ? 'day' : 'days'}`,
    tiles: {
      conversations: 'Conversations',
      turns: 'Answers',
      withProducts: 'Answers with products',
      feedback: 'Likes / dislikes',
      clickThrough: 'Click-through',
      presses: 'Starter prompt presses',
    },
    ofAnswers: (p: string) => `${p} of answers`,
    perConversation: (n: string) => `${n} per conversation`,
    liked: (p: string) => `${p} liked`,
    day: 'Day',
    allDays: 'whole period',
    inDays: (n: number) => `in ${n} ${n === 1 ? 'day' : 'days'}`,
    ofShown: (n: string) => `of ${n} welcome screens`,
    clicksOf: (c: string, i: string) => `${c} clicks of ${i} impressions`,
    charts: {
      activity: 'Conversations and answers per day',
      products: 'Answers with and without products',
      feedback: 'Likes and dislikes',
      engagement: 'Impressions, card views and clicks',
      clickThrough: 'Click-through per day',
    },
    series: {
      conversations: 'Conversations',
      turns: 'Answers',
      withProducts: 'With products',
      withoutProducts: 'Without products',
      likes: 'Likes',
      dislikes: 'Dislikes',
      impressions: 'Impressions',
      cardViews: 'Card views',
      clicks: 'Clicks',
      clickThrough: 'Click-through',
    },
    top: 'What buyers ask most',
    topHint: 'The most frequent requests of the period.',
    missing: 'Requests that found nothing',
    missingHint: 'Answered without a single product: assortment your buyers look for.',
    disliked: 'Disliked answers',
    dislikedHint: 'The latest answers buyers disliked, with what they asked.',
    prompts: 'Starter prompts',
    promptsHint: 'Buttons on the welcome screen: how often each was shown and pressed.',
    cols: { request: 'Request', count: 'Times', noProducts: 'Without products', when: 'When', asked: 'Buyer asked', answered: 'Assistant answered', prompt: 'Prompt', shown: 'Shown', pressed: 'Pressed', rate: 'Press rate' },
    none: 'Nothing in this period.',
    noPrompts: 'Starter prompts are off for this shop.',
  },
  ru: {
    wrongKey: 'Ключ не подходит. Проверьте его и введите снова.',
    needKey: 'Введите ключ аналитики вашего магазина.',
    tooMany: (s: string) => `Слишком много неверных ключей с этого адреса. Повторите через ${s} с.`,
    failed: 'Не удалось загрузить данные. Повторите через минуту.',
    loading: 'Загрузка…',
    periodOf: (from: string, to: string, days: number) => `${from} – ${to} · дней: ${days}`,
    tiles: {
      conversations: 'Диалоги',
      turns: 'Ответы',
      withProducts: 'Ответы с товарами',
      feedback: 'Лайки / дизлайки',
      clickThrough: 'Кликабельность',
      presses: 'Нажатия подсказок',
    },
    ofAnswers: (p: string) => `${p} ответов`,
    perConversation: (n: string) => `${n} на диалог`,
    liked: (p: string) => `${p} с лайком`,
    day: 'День',
    allDays: 'весь период',
    inDays: (n: number) => `за ${n} дн.`,
    ofShown: (n: string) => `из ${n} показов приветствия`,
    clicksOf: (c: string, i: string) => `${c} кликов из ${i} показов`,
    charts: {
      activity: 'Диалоги и ответы по дням',
      products: 'Ответы с товарами и без',
      feedback: 'Лайки и дизлайки',
      engagement: 'Показы, просмотры карточек и клики',
      clickThrough: 'Кликабельность по дням',
    },
    series: {
      conversations: 'Диалоги',
      turns: 'Ответы',
      withProducts: 'С товарами',
      withoutProducts: 'Без товаров',
      likes: 'Лайки',
      dislikes: 'Дизлайки',
      impressions: 'Показы',
      cardViews: 'Просмотры карточек',
      clicks: 'Клики',
      clickThrough: 'Кликабельность',
    },
    top: 'О чём спрашивают чаще всего',
    topHint: 'Самые частые запросы покупателей за период.',
    missing: 'Запросы без результата',
    missingHint: 'Ответы без единого товара: ассортимент, которого ищут покупатели.',
    disliked: 'Ответы с дизлайком',
    dislikedHint: 'Последние ответы, которые не понравились покупателям, и их вопросы.',
    prompts: 'Подсказки на старте',
    promptsHint: 'Кнопки приветствия: сколько раз каждую показали и нажали.',
    cols: { request: 'Запрос', count: 'Раз', noProducts: 'Без товаров', when: 'Когда', asked: 'Покупатель спросил', answered: 'Помощник ответил', prompt: 'Подсказка', shown: 'Показана', pressed: 'Нажата', rate: 'Доля нажатий' },
    none: 'За этот период ничего нет.',
    noPrompts: 'Подсказки на старте у магазина выключены.',
  },
};

const lang: 'ru' | 'en' = document.documentElement.lang === 'ru' ? 'ru' : 'en';
const t = TEXTS[lang];
const locale = lang === 'ru' ? 'ru-RU' : 'en-US';
const integer = new Intl.NumberFormat(locale);
const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
const fmt = (n: number) => integer.format(n);
const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
const pct = (part: number, whole: number) => (whole > 0 ? percent.format(part / whole) : '—');

const KEY_STORE = 'aisle.insights.key';
const COLORS = { blue: '#2f6fde', teal: '#14957f', orange: '#e2792b', red: '#d23f4a', green: '#2e9e4f', violet: '#7a52c7', grey: '#8a96a6' };

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const signIn = $<HTMLElement>('sign-in');
const report = $<HTMLElement>('report');
const keyForm = $<HTMLFormElement>('key-form');
const keyInput = $<HTMLInputElement>('key');
const keyError = $<HTMLElement>('key-error');
const signOut = $<HTMLButtonElement>('sign-out');
const shopName = $<HTMLElement>('shop-name');
const periodForm = $<HTMLFormElement>('period-form');
const fromInput = $<HTMLInputElement>('from');
const toInput = $<HTMLInputElement>('to');
const status = $<HTMLElement>('status');
const content = $<HTMLElement>('content');

function storedKey(): string | null {
  try {
    return sessionStorage.getItem(KEY_STORE);
  } catch {
    return null;
  }
}

function keepKey(key: string | null): void {
  try {
    if (key === null) {
      sessionStorage.removeItem(KEY_STORE);
    } else {
      sessionStorage.setItem(KEY_STORE, key);
    }
  } catch {
    // Storage off: the key lives as long as this page does.
  }
}

let currentKey: string | null = storedKey();

/** A local date as `YYYY-MM-DD`. */
function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function setPreset(days: number): void {
  const to = new Date();
  const from = new Date(to.getFullYear(), to.getMonth(), to.getDate() - (days - 1));
  fromInput.value = localDay(from);
  toInput.value = localDay(to);
}

function showSignIn(message: string | null): void {
  report.hidden = true;
  signOut.hidden = true;
  shopName.textContent = '';
  signIn.hidden = false;
  keyError.hidden = message === null;
  keyError.textContent = message ?? '';
  keyInput.focus();
}

/** uPlot charts on the page, resized with it. */
let charts: uPlot[] = [];

function card(title: string, hint: string | null, body: Node[]): HTMLElement {
  return h('section', { class: 'card' }, [h('h2', {}, [title]), hint ? h('p', { class: 'hint' }, [hint]) : null, ...body]);
}

function tile(label: string, value: string, note: string, name: string): HTMLElement {
  return h('div', { class: 'tile', 'data-figure': name }, [h('div', { class: 'tile-label' }, [label]), h('div', { class: 'tile-value' }, [value]), h('div', { class: 'tile-note' }, [note])]);
}

interface Line {
  label: string;
  values: Array<number | null>;
  /** The period's figure, shown in the legend while the pointer is off the chart. */
  total: number | null;
  color: string;
  bars?: boolean;
  percent?: boolean;
}

const shortDay = (seconds: number) => new Date(seconds * 1000).toLocaleDateString(locale, { timeZone: 'UTC', day: 'numeric', month: 'short' });

/** Seconds of UTC midnight of each day: the x axis, drawn in UTC so a day is the shop's day as given. */
const dayTimes = (days: DayFigures[]) => days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);

function chartCard(title: string, days: DayFigures[], lines: Line[], name: string): HTMLElement {
  const holder = h('div', { class: 'chart', 'data-chart': name });
  const section = card(title, null, [holder]);
  queueMicrotask(() => {
    const isPercent = lines.some((l) => l.percent);
    const opts: uPlot.Options = {
      width: Math.max(280, holder.clientWidth),
      height: 220,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
      axes: [
        { stroke: '#5a6573', grid: { stroke: '#eef1f5' }, ticks: { stroke: '#e1e6ec' } },
        {
          stroke: '#5a6573',
          grid: { stroke: '#eef1f5' },
          ticks: { stroke: '#e1e6ec' },
          size: 56,
          values: (_u, ticks) => ticks.map((v) => (isPercent ? percent.format(v) : Number.isInteger(v) ? fmt(v) : '')),
        },
      ],
      series: [
        { label: t.day, value: (_u, v, _s, idx) => (idx === null || v === null ? t.allDays : shortDay(v)) },
        ...lines.map<uPlot.Series>((l) => ({
          label: l.label,
          stroke: l.color,
          width: 2,
          fill: l.bars ? `${l.color}55` : `${l.color}14`,
          points: { show: days.length <= 45, size: 5 },
          // Off the chart the legend shows the period's figure; over a day, that day's.
          value: (_u, v, _s, idx) => {
            const shown = idx === null ? l.total : v;
            return shown === null ? '—' : l.percent ? percent.format(shown) : fmt(shown);
          },
          ...(l.bars ? { paths: uPlot.paths.bars!({ size: [0.65, 48] }), points: { show: false } } : {}),
        })),
      ],
      legend: { live: true },
      cursor: { drag: { x: false, y: false } },
    };
    charts.push(new uPlot(opts, [dayTimes(days), ...lines.map((l) => l.values)], holder));
  });
  return section;
}

function table(headers: string[], rows: Array<Array<string | Node>>, numeric: number[], name: string): HTMLElement {
  if (rows.length === 0) {
    return h('p', { class: 'empty', 'data-list': name }, [t.none]);
  }
  const head = h('tr', {}, headers.map((text, i) => h('th', { scope: 'col', class: numeric.includes(i) ? 'num' : null }, [text])));
  const body = rows.map((cells) => h('tr', {}, cells.map((cell, i) => h('td', { class: numeric.includes(i) ? 'num' : null }, [cell]))));
  return h('table', { 'data-list': name }, [h('thead', {}, [head]), h('tbody', {}, body)]);
}

function render(s: Summary): void {
  for (const chart of charts) {
    chart.destroy();
  }
  charts = [];
  const tot = s.totals;
  const days = s.days;
  shopName.textContent = s.shop.name;
  status.textContent = t.periodOf(s.period.from, s.period.to, s.period.days);

  const tiles = h('div', { class: 'tiles' }, [
    tile(t.tiles.conversations, fmt(tot.conversations), t.inDays(s.period.days), 'conversations'),
    tile(t.tiles.turns, fmt(tot.turns), tot.conversations > 0 ? t.perConversation(oneDecimal.format(tot.turns / tot.conversations)) : '', 'turns'),
    tile(t.tiles.withProducts, fmt(tot.answersWithProducts), t.ofAnswers(pct(tot.answersWithProducts, tot.turns)), 'with-products'),
    tile(t.tiles.feedback, `${fmt(tot.likes)} / ${fmt(tot.dislikes)}`, tot.likes + tot.dislikes > 0 ? t.liked(pct(tot.likes, tot.likes + tot.dislikes)) : '', 'feedback'),
    tile(t.tiles.clickThrough, tot.clickThrough === null ? '—' : percent.format(tot.clickThrough), t.clicksOf(fmt(tot.clicks), fmt(tot.impressions)), 'click-through'),
    tile(t.tiles.presses, fmt(tot.starterPromptPresses), t.ofShown(fmt(tot.starterPromptSelections)), 'presses'),
  ]);

  const pick = (f: (d: DayFigures) => number | null) => days.map(f);
  const chartsGrid = h('div', { class: 'grid' }, [
    chartCard(t.charts.activity, days, [
      { label: t.series.turns, values: pick((d) => d.turns), total: tot.turns, color: COLORS.blue, bars: true },
      { label: t.series.conversations, values: pick((d) => d.conversations), total: tot.conversations, color: COLORS.violet },
    ], 'activity'),
    chartCard(t.charts.products, days, [
      { label: t.series.withProducts, values: pick((d) => d.answersWithProducts), total: tot.answersWithProducts, color: COLORS.teal },
      { label: t.series.withoutProducts, values: pick((d) => d.answersWithoutProducts), total: tot.answersWithoutProducts, color: COLORS.orange },
    ], 'products'),
    chartCard(t.charts.engagement, days, [
      { label: t.series.impressions, values: pick((d) => d.impressions), total: tot.impressions, color: COLORS.blue },
      { label: t.series.cardViews, values: pick((d) => d.cardViews), total: tot.cardViews, color: COLORS.teal },
      { label: t.series.clicks, values: pick((d) => d.clicks), total: tot.clicks, color: COLORS.orange },
    ], 'engagement'),
    chartCard(t.charts.clickThrough, days, [{ label: t.series.clickThrough, values: pick((d) => d.clickThrough), total: tot.clickThrough, color: COLORS.violet, percent: true }], 'click-through'),
    chartCard(t.charts.feedback, days, [
      { label: t.series.likes, values: pick((d) => d.likes), total: tot.likes, color: COLORS.green, bars: true },
      { label: t.series.dislikes, values: pick((d) => d.dislikes), total: tot.dislikes, color: COLORS.red },
    ], 'feedback'),
    card(t.prompts, t.promptsHint, [
      s.starterPrompts.length === 0
        ? h('p', { class: 'empty', 'data-list': 'prompts' }, [t.noPrompts])
        : table(
            [t.cols.prompt, t.cols.shown, t.cols.pressed, t.cols.rate],
            s.starterPrompts.map((p) => [p.text, fmt(p.shown), fmt(p.pressed), pct(p.pressed, p.shown)]),
            [1, 2, 3],
            'prompts',
          ),
    ]),
  ]);

  const lists = h('div', { class: 'grid' }, [
    card(t.top, t.topHint, [
      table([t.cols.request, t.cols.count, t.cols.noProducts], s.topRequests.map((r) => [r.text, fmt(r.count), r.withoutProducts > 0 ? fmt(r.withoutProducts) : '—']), [1, 2], 'top-requests'),
    ]),
    card(t.missing, t.missingHint, [table([t.cols.request, t.cols.count], s.requestsWithoutProducts.map((r) => [r.text, fmt(r.count)]), [1], 'requests-without-products')]),
  ]);

  const when = (iso: string) => new Date(iso).toLocaleString(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
  const disliked = card(t.disliked, t.dislikedHint, [
    table(
      [t.cols.when, t.cols.asked, t.cols.answered],
      s.dislikedAnswers.map((d) => [when(d.at), d.request, h('span', { class: 'answer' }, [d.answer])]),
      [],
      'disliked-answers',
    ),
  ]);

  content.replaceChildren(tiles, chartsGrid, lists, disliked);
  signIn.hidden = true;
  report.hidden = false;
  signOut.hidden = false;
}

async function load(): Promise<void> {
  if (currentKey === null) {
    showSignIn(null);
    return;
  }
  const query = new URLSearchParams({ from: fromInput.value, to: toInput.value, utcOffset: String(-new Date().getTimezoneOffset()) });
  status.textContent = t.loading;
  let res: Response;
  try {
    res = await fetch(`insights/v1/summary?${query.toString()}`, { headers: { authorization: `Bearer ${currentKey}`, accept: 'application/json' }, cache: 'no-store' });
  } catch {
    status.textContent = t.failed;
    return;
  }
  if (res.status === 401) {
    currentKey = null;
    keepKey(null);
    showSignIn(t.wrongKey);
    return;
  }
  if (res.status === 429) {
    currentKey = null;
    keepKey(null);
    showSignIn(t.tooMany(res.headers.get('retry-after') ?? '60'));
    return;
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    status.textContent = res.status === 400 && body?.message ? body.message : t.failed;
    if (!signIn.hidden) {
      showSignIn(status.textContent);
    }
    return;
  }
  render((await res.json()) as Summary);
}

keyForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const key = keyInput.value.trim();
  if (key === '') {
    showSignIn(t.needKey);
    return;
  }
  currentKey = key;
  keepKey(key);
  keyInput.value = '';
  void load();
});

periodForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void load();
});

for (const button of Array.from(document.querySelectorAll<HTMLButtonElement>('[data-preset]'))) {
  button.addEventListener('click', () => {
    setPreset(Number(button.dataset.preset));
    void load();
  });
}

signOut.addEventListener('click', () => {
  currentKey = null;
  keepKey(null);
  content.replaceChildren();
  showSignIn(null);
});

let resizeTimer: ReturnType<typeof setTimeout> | null = null;
window.addEventListener('resize', () => {
  if (resizeTimer !== null) {
    clearTimeout(resizeTimer);
  }
  resizeTimer = setTimeout(() => {
    for (const chart of charts) {
      const holder = chart.root.parentElement;
      if (holder) {
        chart.setSize({ width: Math.max(280, holder.clientWidth), height: 220 });
      }
    }
  }, 150);
});

setPreset(30);
void load();

/**
 * Everything the widget says, in Russian and English. The language is the tenant's (from its
 * widget settings), unless the shop sets `lang` on the element.
 */
export type Lang = 'ru' | 'en';

export interface Texts {
  panel: string;
  welcome: string;
  welcomeNoPrompts: string;
  inputLabel: string;
  placeholder: string;
  send: string;
  like: string;
  dislike: string;
  dialogs: string;
  dialogsTitle: string;
  noDialogs: string;
  more: string;
  newDialog: string;
  hideDialog: (title: string) => string;
  share: string;
  shareReady: string;
  copy: string;
  copied: string;
  close: string;
  retry: string;
  thinking: string;
  suggestions: string;
  products: string;
  errNetwork: string;
  errRateLimit: (seconds: number | null) => string;
  errUnavailable: string;
  errSession: string;
  errSessionOver: string;
  errForbidden: string;
  errServer: string;
  errRequest: string;
  errNoTenant: string;
  sharedTitle: string;
}

const seconds = (n: number, ru: boolean): string => {
  if (!ru) {
    return n === 1 ? '1 second' : `${n} seconds`;
  }
  const m10 = n % 10;
  const m100 = n % 100;
  const word = m10 === 1 && m100 !== 11 ? 'секунду' : m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14) ? 'секунды' : 'секунд';
  return `${n} ${word}`;
};

const ru: Texts = {
  panel: 'Помощник по покупкам',
  welcome: 'Здравствуйте! Я помогу подобрать товар. Спросите что-нибудь или выберите подсказку:',
  welcomeNoPrompts: 'Здравствуйте! Я помогу подобрать товар. Что вы ищете?',
  inputLabel: 'Сообщение помощнику',
  placeholder: 'Напишите, что ищете…',
  send: 'Отправить',
  like: 'Хороший ответ',
  dislike: 'Плохой ответ',
  dialogs: 'Диалоги',
  dialogsTitle: 'Ваши диалоги',
  noDialogs: 'Диалогов пока нет.',
  more: 'Показать ещё',
  newDialog: 'Новый диалог',
  hideDialog: (t) => `Скрыть диалог «${t}»`,
  share: 'Поделиться',
  shareReady: 'Ссылка на этот диалог:',
  copy: 'Копировать',
  copied: 'Скопировано',
  close: 'Закрыть',
  retry: 'Повторить',
  thinking: 'Помощник печатает…',
  suggestions: 'Подсказки',
  products: 'Товары',
  errNetwork: 'Нет связи с сервером. Проверьте интернет и повторите — сообщение не потеряется.',
  errRateLimit: (s) => (s === null ? 'Слишком много запросов. Попробуйте чуть позже.' : `Слишком много запросов. Попробуйте через ${seconds(s, true)}.`),
  errUnavailable: 'Этот диалог больше недоступен. Начат новый диалог.',
  errSession: 'Сессия помощника закончилась. Начат новый диалог.',
  errSessionOver: 'Сессия помощника закончилась.',
  errForbidden: 'Помощник недоступен с этого адреса.',
  errServer: 'Помощник сейчас не может ответить. Попробуйте ещё раз.',
  errRequest: 'Не получилось выполнить запрос.',
  errNoTenant: 'Чат не настроен: не указан магазин (атрибут tenant).',
  sharedTitle: 'Диалог с помощником',
};

const en: Texts = {
  panel: 'Shopping assistant',
  welcome: 'Hi! I can help you find the right product. Ask anything or pick a suggestion:',
  welcomeNoPrompts: 'Hi! I can help you find the right product. What are you looking for?',
  inputLabel: 'Message to the assistant',
  placeholder: 'Type what you are looking for…',
  send: 'Send',
  like: 'Good answer',
  dislike: 'Bad answer',
  dialogs: 'Dialogs',
  dialogsTitle: 'Your dialogs',
  noDialogs: 'No dialogs yet.',
  more: 'Show more',
  newDialog: 'New dialog',
  hideDialog: (t) => `Hide dialog “${t}”`,
  share: 'Share',
  shareReady: 'Link to this dialog:',
  copy: 'Copy',
  copied: 'Copied',
  close: 'Close',
  retry: 'Retry',
  thinking: 'The assistant is typing…',
  suggestions: 'Suggestions',
  products: 'Products',
  errNetwork: 'No connection to the server. Check the internet and retry — your message is kept.',
  errRateLimit: (s) => (s === null ? 'Too many requests. Please try again a little later.' : `Too many requests. Please try again in ${seconds(s, false)}.`),
  errUnavailable: 'This dialog is no longer available. A new dialog has been started.',
  errSession: 'The assistant session has ended. A new dialog has been started.',
  errSessionOver: 'The assistant session has ended.',
  errForbidden: 'The assistant is not available from this address.',
  errServer: 'The assistant cannot answer right now. Please try again.',
  errRequest: 'The request could not be completed.',
  errNoTenant: 'The chat is not set up: no shop is given (the tenant attribute).',
  sharedTitle: 'Dialog with the assistant',
};

export function texts(lang: Lang): Texts {
  return lang === 'ru' ? ru : en;
}

/** `ru` or `en` from a language tag (`ru-RU`, `en`, …); null for anything else. */
export function langOf(tag: string | null | undefined): Lang | null {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return base === 'ru' || base === 'en' ? base : null;
}

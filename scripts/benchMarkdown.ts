/**
 * The benchmark's generated content (`npm run bench`): markdown pages shaped
 * like the site's own (frontmatter, headings with fixed {#id}s and without,
 * paragraphs, lists, a table, a highlighted code block, emoji shortcodes,
 * inline and display math, {{product}}, internal links), half in English and
 * half in Bulgarian. No mermaid diagrams: each one needs a browser at build
 * time and would measure Chromium, not the site. Deterministic: page n in
 * English and page n in Bulgarian are translations of each other, and every
 * run generates the same text.
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../src/lib/languages';

type Text = Record<Language, string>;

interface Topic {
  title: Text;
  description: Text;
}

const TOPICS: readonly Topic[] = [
  {
    title: { en: 'Stock transfers between locations', bg: 'Прехвърляне на стока между обекти' },
    description: {
      en: 'Move stock from one store or warehouse to another in {{product}} and keep both counts right.',
      bg: 'Преместете стока от един магазин или склад в друг в {{product}} и пазете наличностите и на двете места точни.',
    },
  },
  {
    title: { en: 'Receiving goods from suppliers', bg: 'Приемане на стока от доставчици' },
    description: {
      en: 'Record a delivery from a supplier, check it against the purchase order and add it to stock.',
      bg: 'Отразете доставка от доставчик, сверете я с поръчката за покупка и я заприходете в наличността.',
    },
  },
  {
    title: { en: 'Partial deliveries', bg: 'Частични доставки' },
    description: {
      en: 'Ship an order in several parts and see at a glance what is still to be delivered.',
      bg: 'Изпратете поръчка на няколко части и вижте с един поглед какво още предстои да бъде доставено.',
    },
  },
  {
    title: { en: 'Returns and credit notes', bg: 'Връщания и кредитни известия' },
    description: {
      en: 'Take goods back, put them into stock again and issue a credit note for the invoice.',
      bg: 'Приемете върната стока, върнете я в наличността и издайте кредитно известие към фактурата.',
    },
  },
  {
    title: { en: 'Customer price lists', bg: 'Ценови листи за клиенти' },
    description: {
      en: 'Give regular customers their own prices and let every order pick them up automatically.',
      bg: 'Дайте на редовните клиенти собствени цени и оставете всяка поръчка да ги прилага автоматично.',
    },
  },
  {
    title: { en: 'Barcodes and labels', bg: 'Баркодове и етикети' },
    description: {
      en: 'Print labels with barcodes for your products and scan them at the counter and in the warehouse.',
      bg: 'Отпечатайте етикети с баркодове за продуктите си и ги сканирайте на касата и в склада.',
    },
  },
  {
    title: { en: 'Reorder points', bg: 'Точки за повторна поръчка' },
    description: {
      en: 'Set a minimum quantity per product and location, and get a list of what to order before it runs out.',
      bg: 'Задайте минимално количество за всеки продукт и обект и получавайте списък какво да поръчате, преди да свърши.',
    },
  },
  {
    title: { en: 'VAT rates', bg: 'Ставки на ДДС' },
    description: {
      en: 'Assign the right VAT rate to each product and service and see the tax on every document.',
      bg: 'Задайте правилната ставка на ДДС за всеки продукт и услуга и вижте данъка във всеки документ.',
    },
  },
  {
    title: { en: 'Lightning payments', bg: 'Плащания през Lightning' },
    description: {
      en: 'Let customers pay invoices over the Lightning Network in seconds, with a receipt for both sides.',
      bg: 'Позволете на клиентите да плащат фактури през мрежата Lightning за секунди, с потвърждение за двете страни.',
    },
  },
  {
    title: { en: 'Card payments', bg: 'Плащания с карта' },
    description: {
      en: 'Accept card payments through the payment link on each invoice and match them automatically.',
      bg: 'Приемайте плащания с карта чрез платежната връзка във всяка фактура и ги свързвайте автоматично.',
    },
  },
  {
    title: { en: 'Roles for warehouse staff', bg: 'Роли за служителите в склада' },
    description: {
      en: 'Give warehouse staff the access they need for deliveries and counts, and nothing more.',
      bg: 'Дайте на служителите в склада достъпа, от който се нуждаят за доставки и преброявания, и нищо повече.',
    },
  },
  {
    title: { en: 'Exporting sales', bg: 'Експорт на продажбите' },
    description: {
      en: 'Export orders, invoices and payments to CSV or Excel for your accountant or your own reports.',
      bg: 'Изнесете поръчки, фактури и плащания в CSV или Excel за счетоводителя си или за собствени справки.',
    },
  },
];

const SENTENCES: readonly Text[] = [
  {
    en: 'Every change is recorded with the user who made it and the time, so the history always explains a number.',
    bg: 'Всяка промяна се записва с потребителя, който я е направил, и с часа, така че историята винаги обяснява дадено число.',
  },
  {
    en: 'You can start with a single location and add more as your business grows.',
    bg: 'Можете да започнете с един обект и да добавяте нови, когато бизнесът ви расте.',
  },
  {
    en: '{{product}} updates stock the moment a document is confirmed, not at the end of the day.',
    bg: '{{product}} обновява наличността в момента, в който документът бъде потвърден, а не в края на деня.',
  },
  {
    en: 'Documents keep the prices and rates that applied when they were issued, even if you change them later.',
    bg: 'Документите пазят цените и ставките, валидни към момента на издаването им, дори ако по-късно ги промените.',
  },
  {
    en: 'Search works on names, codes and barcodes, and finds a product after the first few letters.',
    bg: 'Търсенето работи по имена, кодове и баркодове и намира продукта още след първите няколко букви.',
  },
  {
    en: 'The same screen works on a phone in the warehouse and on a large monitor in the office.',
    bg: 'Същият екран работи както на телефон в склада, така и на голям монитор в офиса.',
  },
  {
    en: 'If you are unsure, save the document as a draft; nothing changes in stock until you confirm it.',
    bg: 'Ако не сте сигурни, запазете документа като чернова; в наличността нищо не се променя, докато не го потвърдите.',
  },
  {
    en: 'Quantities can be whole pieces or fractions, depending on the unit of measure of the product.',
    bg: 'Количествата могат да бъдат цели бройки или дробни числа според мерната единица на продукта.',
  },
  {
    en: 'Each location has its own numbering, so documents from different stores never share a number.',
    bg: 'Всеки обект има собствена номерация, така че документи от различни магазини никога нямат еднакъв номер.',
  },
  {
    en: 'Customers receive an e-mail with the document attached and a link to pay it online.',
    bg: 'Клиентите получават имейл с приложения документ и връзка, чрез която да го платят онлайн.',
  },
  {
    en: 'Reports can be filtered by period, location, customer and product group.',
    bg: 'Справките могат да се филтрират по период, обект, клиент и група продукти.',
  },
  {
    en: 'A notification tells you as soon as a payment arrives, wherever you are.',
    bg: 'Известие ви уведомява веднага щом пристигне плащане, където и да се намирате.',
  },
  {
    en: 'Nothing is deleted for good: cancelled documents stay visible and marked as cancelled.',
    bg: 'Нищо не се изтрива безвъзвратно: анулираните документи остават видими и са отбелязани като анулирани.',
  },
  {
    en: 'Owners can see every location, while other users see only the ones they are assigned to.',
    bg: 'Собствениците виждат всички обекти, а останалите потребители виждат само тези, към които са зачислени.',
  },
  {
    en: 'The totals on the screen are the totals on the printed document, rounded the same way.',
    bg: 'Сумите на екрана са същите като в отпечатания документ и се закръглят по същия начин.',
  },
  {
    en: 'Imports check every row first and tell you which line of the file needs fixing.',
    bg: 'При импорт всеки ред се проверява предварително и ще разберете кой ред от файла трябва да бъде поправен.',
  },
  {
    en: 'Keyboard shortcuts make the most common steps quicker once you know the screens.',
    bg: 'Клавишните комбинации ускоряват най-честите стъпки, след като опознаете екраните.',
  },
  {
    en: 'The dashboard shows what needs your attention today: orders to ship and invoices still unpaid.',
    bg: 'Таблото показва какво изисква вниманието ви днес: поръчки за изпращане и фактури, които още не са платени.',
  },
  {
    en: 'Prices can include or exclude VAT; you choose once per price list.',
    bg: 'Цените могат да бъдат с или без ДДС; избирате веднъж за всяка ценова листа.',
  },
  {
    en: 'See the [plans](/pricing/) for how many locations and users each subscription includes.',
    bg: 'Вижте [плановете](/bg/pricing/), за да разберете колко обекта и потребители включва всеки абонамент.',
  },
  {
    en: 'The [documentation](/docs/#getting-started) explains the first steps in more detail.',
    bg: '[Документацията](/bg/docs/#getting-started) описва първите стъпки по-подробно.',
  },
  {
    en: 'When two people edit the same document, {{product}} keeps both changes and shows who made each.',
    bg: 'Когато двама души редактират един и същ документ, {{product}} запазва и двете промени и показва кой какво е направил.',
  },
  {
    en: 'Payments made over Lightning settle in seconds and appear on the invoice straight away.',
    bg: 'Плащанията през Lightning се извършват за секунди и веднага се отразяват във фактурата.',
  },
  {
    en: 'You can undo a confirmation within the same day, as long as nothing has been built on it.',
    bg: 'Можете да отмените потвърждение в рамките на същия ден, стига върху него да не е издаден друг документ.',
  },
];

const STEPS: readonly Text[] = [
  { en: 'Open the section from the main menu.', bg: 'Отворете раздела от главното меню.' },
  { en: 'Choose the location the document belongs to.', bg: 'Изберете обекта, към който принадлежи документът.' },
  { en: 'Add the products by name, code or barcode.', bg: 'Добавете продуктите по име, код или баркод.' },
  { en: 'Check the quantities and the prices on each line.', bg: 'Проверете количествата и цените на всеки ред.' },
  { en: 'Add a note for your colleagues if something is unusual.', bg: 'Добавете бележка за колегите си, ако нещо е необичайно.' },
  { en: 'Confirm the document; stock changes at once.', bg: 'Потвърдете документа; наличността се променя веднага.' },
  { en: 'Print it or send it by e-mail.', bg: 'Отпечатайте го или го изпратете по имейл.' },
];

const POINTS: readonly Text[] = [
  { en: 'an account with the **Owner** or **Manager** role', bg: 'профил с роля **Собственик** или **Управител**' },
  { en: 'at least one location with stock', bg: 'поне един обект с наличност' },
  { en: 'products with a code and a unit of measure', bg: 'продукти с код и мерна единица' },
  { en: 'a customer or supplier saved in the directory', bg: 'клиент или доставчик, записан в указателя' },
  { en: 'the VAT rates that apply to your goods', bg: 'ставките на ДДС, които се прилагат за стоките ви' },
  { en: 'a payment method switched on in the settings', bg: 'включен метод на плащане в настройките' },
  { en: 'a printer or an e-mail address for the documents', bg: 'принтер или имейл адрес за документите' },
];

const PRODUCTS: readonly Text[] = [
  { en: 'Espresso beans, 1 kg', bg: 'Кафе на зърна, 1 кг' },
  { en: 'Green tea, 100 bags', bg: 'Зелен чай, 100 пакетчета' },
  { en: 'Paper cups, 250 ml', bg: 'Хартиени чаши, 250 мл' },
  { en: 'Oat milk, 1 l', bg: 'Овесено мляко, 1 л' },
  { en: 'Cane sugar, 500 g', bg: 'Тръстикова захар, 500 г' },
  { en: 'Cleaning service, hour', bg: 'Почистване, час' },
  { en: 'Ceramic mug', bg: 'Керамична чаша' },
  { en: 'Gift box', bg: 'Подаръчна кутия' },
];

const QUESTIONS: readonly { question: Text; answer: Text }[] = [
  {
    question: { en: 'Can I change a confirmed document?', bg: 'Мога ли да променя потвърден документ?' },
    answer: {
      en: 'Not directly. Cancel it and create a corrected copy; both stay in the history.',
      bg: 'Не директно. Анулирайте го и създайте коригирано копие; и двата остават в историята.',
    },
  },
  {
    question: { en: 'Does it work offline?', bg: 'Работи ли без интернет?' },
    answer: {
      en: 'You need a connection to save. Drafts typed without one are kept until it comes back.',
      bg: 'За записване е нужна връзка. Черновите, въведени без връзка, се пазят, докато тя се възстанови.',
    },
  },
  {
    question: { en: 'Who can see the prices?', bg: 'Кой вижда цените?' },
    answer: {
      en: 'Everyone with access to the location, unless their role hides purchase prices.',
      bg: 'Всеки с достъп до обекта, освен ако ролята му не скрива покупните цени.',
    },
  },
  {
    question: { en: 'Is there a limit on the number of lines?', bg: 'Има ли ограничение за броя на редовете?' },
    answer: {
      en: 'No practical one: documents with several thousand lines are fine.',
      bg: 'На практика не: документи с няколко хиляди реда не са проблем.',
    },
  },
  {
    question: { en: 'Can customers pay part of an invoice?', bg: 'Могат ли клиентите да платят част от фактура?' },
    answer: {
      en: 'Yes. The invoice shows what has been paid and what remains :moneybag:.',
      bg: 'Да. Фактурата показва какво е платено и какво остава :moneybag:.',
    },
  },
  {
    question: { en: 'How do I get help?', bg: 'Как да получа помощ?' },
    answer: {
      en: 'Write to us through the [contact page](/contact/); we answer within one working day.',
      bg: 'Пишете ни чрез [страницата за контакт](/bg/contact/); отговаряме до един работен ден.',
    },
  },
];

const EMOJI = [':rocket:', ':package:', ':bulb:', ':white_check_mark:', ':warning:', ':zap:', ':truck:', ':moneybag:'] as const;

const LABELS = {
  overview: { en: 'Overview', bg: 'Общ преглед' },
  before: { en: 'Before you start', bg: 'Преди да започнете' },
  beforeLead: { en: 'Make sure you have:', bg: 'Уверете се, че имате:' },
  steps: { en: 'Step by step', bg: 'Стъпка по стъпка' },
  example: { en: 'An example', bg: 'Пример' },
  exampleLead: {
    en: 'A typical document with four lines looks like this:',
    bg: 'Типичен документ с четири реда изглежда така:',
  },
  table: { en: ['Product', 'Code', 'Quantity', 'Unit price (BGN)'], bg: ['Продукт', 'Код', 'Количество', 'Единична цена (лв.)'] },
  totals: { en: 'How totals are calculated', bg: 'Как се изчисляват сумите' },
  totalsText: {
    en: 'The total of a document is the sum of its lines, $T = \\sum_{i=1}^{n} q_i \\cdot p_i$, where $q_i$ is the quantity and $p_i$ the unit price of line $i$; VAT at rate $r$ is then $T \\cdot r$.',
    bg: 'Сумата на документа е сборът от редовете му, $T = \\sum_{i=1}^{n} q_i \\cdot p_i$, където $q_i$ е количеството, а $p_i$ единичната цена на ред $i$; ДДС при ставка $r$ е $T \\cdot r$.',
  },
  api: { en: 'Using the API', bg: 'Чрез API' },
  apiLead: {
    en: 'The same action is available through the API, for example from a script:',
    bg: 'Същото действие е достъпно и чрез API, например от скрипт:',
  },
  questions: { en: 'Questions', bg: 'Въпроси' },
  benchPage: { en: 'benchmark page', bg: 'тестова страница' },
} as const;

/** A small deterministic generator (mulberry32), so every run writes the same pages. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` different items of `items`, in a random order. */
function pick<T>(items: readonly T[], count: number, next: () => number): T[] {
  const pool = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);
  return chosen;
}

/** The file name of page `index` (from 1): 'page-001', ... */
export function benchPageName(index: number, digits = 3): string {
  return `page-${String(index).padStart(digits, '0')}`;
}

/**
 * Benchmark page `index` (from 1) in `language`, as a markdown file. The same
 * index gives the same page in every language, translated.
 */
export function benchMarkdown(index: number, language: Language, digits = 3): string {
  const next = random(index * 7919 + 17);
  const text = (value: Text) => value[language];
  const topic = TOPICS[(index - 1) % TOPICS.length];
  // Sentences are dealt from one shuffled deck, so no sentence appears twice on a page.
  const deck = pick(SENTENCES, SENTENCES.length, next);
  const paragraph = (sentences: number) => deck.splice(0, sentences).map(text).join(' ');
  const emoji = pick(EMOJI, 3, next);
  const lastUpdated = new Date(Date.UTC(2025, 0, 1) + ((index * 3) % 365) * 86_400_000).toISOString().slice(0, 10);
  const number = String(index).padStart(digits, '0');

  const rows = pick(PRODUCTS, 4, next).map((product, row) => {
    const quantity = 1 + Math.floor(next() * 40);
    const price = (0.5 + next() * 60).toFixed(2);
    return `| ${text(product)} | SKU-${number}-${row + 1} | ${quantity} | ${price} |`;
  });
  const [head1, head2, head3, head4] = LABELS.table[language];
  const questions = pick(QUESTIONS, 2, next);
  const code =
    index % 2 === 0
      ? [
          '```json',
          '{',
          `  "location": "store-${(index % 7) + 1}",`,
          '  "lines": [',
          `    { "code": "SKU-${number}-1", "quantity": ${1 + (index % 9)} },`,
          `    { "code": "SKU-${number}-2", "quantity": ${2 + (index % 5)} }`,
          '  ],',
          '  "confirm": true',
          '}',
          '```',
        ]
      : [
          '```bash',
          `curl -X POST "https://api.example.com/v1/documents?location=store-${(index % 7) + 1}" \\`,
          '  -H "Content-Type: application/json" \\',
          '  -H "apiKey: $API_KEY" \\',
          `  -d '{"code": "SKU-${number}-1", "quantity": ${1 + (index % 9)}}'`,
          '```',
        ];

  const lines = [
    '---',
    `title: ${JSON.stringify(`${text(topic.title)} (${text(LABELS.benchPage)} ${number})`)}`,
    `description: ${JSON.stringify(text(topic.description))}`,
    `lastUpdated: ${lastUpdated}`,
    '---',
    '',
    `${paragraph(3)} ${emoji[0]}`,
    '',
    `## ${text(LABELS.overview)} {#overview}`,
    '',
    paragraph(4),
    '',
    paragraph(3),
    '',
    `## ${text(LABELS.before)}`,
    '',
    text(LABELS.beforeLead),
    '',
    ...pick(POINTS, 4, next).map((point, i) => `- ${text(point)}${i === 3 ? '.' : ';'}`),
    '',
    `## ${text(LABELS.steps)} {#steps}`,
    '',
    ...STEPS.slice(0, 4 + (index % 4)).map((step, i) => `${i + 1}. ${text(step)}`),
    '',
    `${paragraph(2)} ${emoji[1]}`,
    '',
    `### ${text(LABELS.example)} {#example}`,
    '',
    text(LABELS.exampleLead),
    '',
    `| ${head1} | ${head2} | ${head3} | ${head4} |`,
    '| --- | --- | ---: | ---: |',
    ...rows,
    '',
    `## ${text(LABELS.totals)} {#totals}`,
    '',
    text(LABELS.totalsText),
    '',
    ...(index % 3 === 0 ? ['$$', 'T_{\\text{VAT}} = \\sum_{i=1}^{n} q_i \\, p_i \\, (1 + r_i)', '$$', ''] : []),
    paragraph(3),
    '',
    `## ${text(LABELS.api)} {#api}`,
    '',
    text(LABELS.apiLead),
    '',
    ...code,
    '',
    `${paragraph(2)} ${emoji[2]}`,
    '',
    `## ${text(LABELS.questions)} {#questions}`,
    '',
    ...questions.flatMap(({ question, answer }) => [`### ${text(question)}`, '', text(answer), '']),
  ];
  return lines.join('\n');
}

export interface BenchMarkdownFile {
  /** Relative to the benchmark's content folder: '<language>/<name>.md'. */
  relativePath: string;
  language: Language;
  name: string;
  content: string;
}

/**
 * `count` pages, half in each language (English takes the odd one): page n
 * exists in English for n up to ceil(count / 2) and in Bulgarian up to floor(count / 2).
 */
export function benchMarkdownFiles(count: number): BenchMarkdownFile[] {
  if (!Number.isInteger(count) || count < 0) throw new Error(`The number of pages must be a whole number, got ${count}`);
  const perLanguage = (language: Language) => {
    const position = LANGUAGES.indexOf(language);
    return Math.floor(count / LANGUAGES.length) + (position < count % LANGUAGES.length ? 1 : 0);
  };
  const digits = Math.max(3, String(perLanguage(DEFAULT_LANGUAGE)).length);
  return LANGUAGES.flatMap((language) =>
    Array.from({ length: perLanguage(language) }, (_, i) => {
      const name = benchPageName(i + 1, digits);
      return { relativePath: `${language}/${name}.md`, language, name, content: benchMarkdown(i + 1, language, digits) };
    }),
  );
}

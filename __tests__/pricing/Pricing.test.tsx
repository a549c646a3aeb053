import React from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fixture from '../../features/sandbox/plans.json';
import { PlansSection } from '../../features/pricing/PlansSection';
import { renderToString } from 'react-dom/server';
import { act } from '@testing-library/react';
import { PLANS_ANSWER_MAX_BYTES, parsePlans } from '../../features/pricing/plans';
import { shownPlans, type PlansSnapshot } from '../../features/pricing/snapshot';
import { cannedAnswer } from '../support/cannedAnswer';
import { renderWithI18n, withI18n } from '../support/renderWithI18n';

type Answer = { status: number; body: string } | Error;

/** jsdom has no fetch: answer each call with the next canned answer. */
function mockFetch(...answers: Answer[]) {
  const fetchMock = jest.fn(async () => {
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer instanceof Error) throw answer;
    return cannedAnswer(answer!.status, answer!.body);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

/**
 * The cards a visitor sees: every period's are in the page, and the
 * stylesheet (which jsdom does not apply) shows the checked period's.
 */
function shownCards(): HTMLElement[] {
  const checked = screen.getAllByRole('radio').find((radio) => (radio as HTMLInputElement).checked) as HTMLInputElement;
  const periods = [...document.querySelectorAll<HTMLElement>(`[data-period="${checked.value}"]`)].filter((element) => element.tagName === 'DIV');
  return periods.flatMap((period) => within(period).queryAllByRole('article'));
}
async function findShownCards(): Promise<HTMLElement[]> {
  await screen.findAllByRole('article');
  return shownCards();
}

describe('Pricing plans', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('loads with a spinner, then shows the annual plans and asks with the apiKey header', async () => {
    const fetchMock = mockFetch({ status: 200, body: JSON.stringify(fixture) });
    renderWithI18n(<PlansSection built={null} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading subscription plans...');

    const cards = await findShownCards();
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Entrepreneur', 'Small Business', 'Mid-size']);
    expect(screen.getByRole('radio', { name: /ANNUAL/ })).toBeChecked();
    expect(plain(cards[0].textContent)).toContain('BGN 26.10per month (billed annually)');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:4010/available-plans/');
    expect(init.headers).toMatchObject({ apiKey: 'sandbox-payments-key' });
  });

  it('names each card after its plan even when a plan id holds spaces, and keeps two plans of one tier apart', async () => {
    const small = { type: 'small', interval: 'year', priceId: 'price_small', currency: 'bgn' };
    mockFetch({
      status: 200,
      body: JSON.stringify([
        { ...small, id: 'small plan a', amount: 7110 },
        { ...small, id: 'small plan b', amount: 7200 },
      ]),
    });
    renderWithI18n(<PlansSection built={null} />);
    const cards = await screen.findAllByRole('article', { name: 'Small Business' });
    expect(cards).toHaveLength(2);
    const ids = cards.map((card) => card.getAttribute('aria-labelledby'));
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id).not.toMatch(/\s/);
    // React warns about repeated keys through console.error.
    expect(console.error).not.toHaveBeenCalled();
  });

  it('shows at most 12 plans of a period and drops absurd amounts, saying why in the console', async () => {
    const plans = Array.from({ length: 14 }, (_, i) => ({ id: `p${i}`, type: 'basic', interval: 'year', priceId: `price_${i}`, amount: 1000 + i, currency: 'bgn' }));
    mockFetch({ status: 200, body: JSON.stringify([...plans, { id: 'huge', type: 'mid', interval: 'year', priceId: 'x', amount: 2_000_000_000, currency: 'bgn' }]) });
    renderWithI18n(<PlansSection built={null} />);
    expect(await screen.findAllByRole('article')).toHaveLength(12);
    expect(console.warn).toHaveBeenCalledWith('Some subscription plans were dropped as invalid:', [expect.stringContaining('plan huge: "amount"')]);
    expect(console.warn).toHaveBeenCalledWith('Too many subscription plans for one period:', ['year: 14 plans, only the first 12 are shown']);
  });

  it('switches cards with the period, and links Choose Plan to the plan in the app', async () => {
    mockFetch({ status: 200, body: JSON.stringify(fixture) });
    renderWithI18n(<PlansSection built={null} />, { language: 'bg', originalPath: '/pricing/' });
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByRole('radio', { name: /МЕСЕЧНО/ }));
    const cards = shownCards();
    expect(plain(cards[1].textContent)).toContain('79,00 лв.на месец');
    expect(within(cards[1]).getByRole('link', { name: /Изберете план – Малък бизнес/ })).toHaveAttribute('href', 'http://127.0.0.1:4010/app/bg/plans/plan_small_month');
    await userEvent.click(screen.getByRole('radio', { name: /БИТКОЙН/ }));
    expect(plain(shownCards()[2].textContent)).toContain('169,15 лв.на месец (при годишно плащане)');
  });

  it('shows the onboarding fees, the note on every card after the first', async () => {
    mockFetch({ status: 200, body: JSON.stringify(fixture) });
    renderWithI18n(<PlansSection built={null} />);
    await screen.findAllByRole('article');
    // One onboarding section per period, each beside its period's cards.
    expect(screen.getAllByRole('region', { name: 'Onboarding' })).toHaveLength(3);
    const annual = [...document.querySelectorAll<HTMLElement>('div[data-period="year"]')].find((period) => within(period).queryByRole('region'))!;
    const onboarding = within(within(annual).getByRole('region', { name: 'Onboarding' })).getAllByRole('listitem');
    expect(onboarding.map((card) => plain(card.textContent))).toEqual([
      'EntrepreneurNo onboarding fee',
      'Small BusinessOne-time onboarding feeBGN 299.00Required one-time payment in addition to subscription',
      'Mid-sizeOne-time onboarding feeBGN 799.00Required one-time payment in addition to subscription',
    ]);
  });

  it('says the plans could not load, keeps the space, and Retry recovers', async () => {
    const fetchMock = mockFetch({ status: 500, body: '{"error":"down"}' }, { status: 200, body: JSON.stringify(fixture) });
    renderWithI18n(<PlansSection built={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the plans. Check your connection and try again.');
    expect(console.error).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await findShownCards()).toHaveLength(3);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('treats malformed JSON and network errors as failures', async () => {
    mockFetch({ status: 200, body: '{"plans": [' });
    renderWithI18n(<PlansSection built={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the plans.');
  });

  it('treats an answer larger than its limit as a failure, and says so in the console', async () => {
    mockFetch({ status: 200, body: `[${' '.repeat(PLANS_ANSWER_MAX_BYTES)}]` });
    renderWithI18n(<PlansSection built={null} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the plans.');
    expect(console.error).toHaveBeenCalledWith('Could not load the subscription plans:', expect.objectContaining({ kind: 'too-large' }));
  });

  it('says when no plans are available', async () => {
    mockFetch({ status: 200, body: '[]' });
    renderWithI18n(<PlansSection built={null} />, { language: 'bg' });
    expect(await screen.findByRole('alert')).toHaveTextContent('В момента няма налични планове.');
  });

  it('drops invalid plans with a warning and shows the valid ones', async () => {
    const broken = [{ ...fixture[1], amount: 'free' }, { ...fixture[4], type: undefined }, ...fixture.filter((p) => ![1, 4].includes(fixture.indexOf(p)))];
    mockFetch({ status: 200, body: JSON.stringify(broken) });
    renderWithI18n(<PlansSection built={null} />);
    const cards = await findShownCards();
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Mid-size']);
    expect(console.warn).toHaveBeenCalledWith('Some subscription plans were dropped as invalid:', expect.arrayContaining([expect.stringContaining('"amount"')]));
  });
});

describe('Pricing plans the build wrote into the page', () => {
  const built: PlansSnapshot = { fetchedAt: '2026-11-29T06:00:00.000Z', plans: shownPlans(parsePlans(fixture).plans) };
  /** The API's answer, with every price raised by `by` minor units. */
  const raised = (by: number) => JSON.stringify(fixture.map((plan) => ({ ...plan, amount: plan.amount + by })));

  /** A fetch whose answers the test hands over when it chooses. */
  function heldFetch() {
    const pending: ((answer: Answer) => void)[] = [];
    global.fetch = jest.fn(
      () =>
        new Promise<Response>((resolve, reject) => {
          pending.push((answer) => (answer instanceof Error ? reject(answer) : resolve(cannedAnswer(answer.status, answer.body))));
        }),
    ) as unknown as typeof fetch;
    return {
      answer: async (answer: Answer) => {
        await act(async () => pending.shift()!(answer));
      },
    };
  }

  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows them at once, with the day they were fetched, and no spinner or message while the live call runs', () => {
    heldFetch();
    renderWithI18n(<PlansSection built={built} />);
    expect(shownCards().map((card) => plain(card.textContent))).toEqual([
      expect.stringContaining('EntrepreneurBGN 26.10per month (billed annually)'),
      expect.stringContaining('Small BusinessBGN 71.10'),
      expect.stringContaining('Mid-sizeBGN 179.10'),
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Prices as of November 29, 2026.');
    expect(screen.getByRole('status').querySelector('time')).toHaveAttribute('datetime', '2026-11-29T06:00:00.000Z');
    expect(screen.queryByText('Loading subscription plans...')).toBeNull();
    expect(screen.queryByText(/Turn on JavaScript/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the date in Bulgarian', () => {
    heldFetch();
    renderWithI18n(<PlansSection built={built} />, { language: 'bg' });
    expect(plain(screen.getByRole('status').textContent)).toBe('Цени към 29 ноември 2026 г.');
    expect(plain(shownCards()[1].textContent)).toContain('71,10 лв.');
  });

  it('puts the live prices into the same cards when they differ, and dates them today', async () => {
    const api = heldFetch();
    renderWithI18n(<PlansSection built={built} />);
    const before = shownCards();
    await api.answer({ status: 200, body: raised(100) });
    await waitFor(() => expect(plain(shownCards()[0].textContent)).toContain('BGN 27.10'));
    // The same elements, updated: nothing is removed and inserted, so nothing moves.
    shownCards().forEach((card, i) => expect(card).toBe(before[i]));
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date());
    expect(screen.getByRole('status')).toHaveTextContent(`Prices as of ${today}.`);
  });

  it('keeps the period a visitor chose when the live prices arrive', async () => {
    const api = heldFetch();
    renderWithI18n(<PlansSection built={built} />);
    await userEvent.click(screen.getByRole('radio', { name: 'MONTHLY' }));
    await api.answer({ status: 200, body: raised(1) });
    await waitFor(() => expect(plain(shownCards()[0].textContent)).toContain('BGN 29.01per month'));
    expect(screen.getByRole('radio', { name: 'MONTHLY' })).toBeChecked();
  });

  it.each([
    ['an error status', { status: 503, body: '{"error":"down"}' }],
    ['no connection', new TypeError('Failed to fetch')],
    ['an empty list', { status: 200, body: '[]' }],
  ] as const)('%s: keeps the built cards with a quiet note; Retry says it is checking, then shows the live prices', async (_name, failure) => {
    const api = heldFetch();
    renderWithI18n(<PlansSection built={built} />);
    await api.answer(failure);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('We could not check for newer prices. These are the prices of November 29, 2026.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(shownCards()).toHaveLength(3);
    await userEvent.click(within(status).getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('status')).toHaveTextContent('Checking for newer prices...');
    expect(shownCards()).toHaveLength(3);
    await api.answer({ status: 200, body: raised(100) });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Prices as of /));
    expect(plain(shownCards()[2].textContent)).toContain('BGN 180.10');
    expect(screen.getByRole('region', { name: 'Plans' }).querySelector('[tabindex="-1"]')).toHaveFocus();
  });

  it('hydrates the HTML the build wrote without a difference', () => {
    heldFetch();
    const container = document.createElement('div');
    container.innerHTML = renderToString(withI18n(<PlansSection built={built} />));
    document.body.appendChild(container);
    expect(container.querySelectorAll('input[type="radio"][checked]')).toHaveLength(1);
    renderWithI18n(<PlansSection built={built} />, { container, hydrate: true });
    expect(console.error).not.toHaveBeenCalled();
    expect(shownCards()).toHaveLength(3);
  });
});

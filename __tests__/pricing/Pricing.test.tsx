import React from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import fixture from '../../features/sandbox/plans.json';
import { PlansSection } from '../../features/pricing/PlansSection';
import { PLANS_ANSWER_MAX_BYTES } from '../../features/pricing/plans';
import { cannedAnswer } from '../support/cannedAnswer';
import { renderWithI18n } from '../support/renderWithI18n';

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

describe('Pricing plans', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('loads with a spinner, then shows the annual plans and asks with the apiKey header', async () => {
    const fetchMock = mockFetch({ status: 200, body: JSON.stringify(fixture) });
    renderWithI18n(<PlansSection />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading subscription plans...');

    const cards = await screen.findAllByRole('article');
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
    renderWithI18n(<PlansSection />);
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
    renderWithI18n(<PlansSection />);
    expect(await screen.findAllByRole('article')).toHaveLength(12);
    expect(console.warn).toHaveBeenCalledWith('Some subscription plans were dropped as invalid:', [expect.stringContaining('plan huge: "amount"')]);
    expect(console.warn).toHaveBeenCalledWith('Too many subscription plans for one period:', ['year: 14 plans, only the first 12 are shown']);
  });

  it('switches cards with the period, and links Choose Plan to the plan in the app', async () => {
    mockFetch({ status: 200, body: JSON.stringify(fixture) });
    renderWithI18n(<PlansSection />, { language: 'bg', originalPath: '/pricing/' });
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByRole('radio', { name: /МЕСЕЧНО/ }));
    const cards = screen.getAllByRole('article');
    expect(plain(cards[1].textContent)).toContain('79,00 лв.на месец');
    expect(within(cards[1]).getByRole('link', { name: /Изберете план – Малък бизнес/ })).toHaveAttribute('href', 'http://127.0.0.1:4010/app/bg/plans/plan_small_month');
    await userEvent.click(screen.getByRole('radio', { name: /БИТКОЙН/ }));
    expect(plain(screen.getAllByRole('article')[2].textContent)).toContain('169,15 лв.на месец (при годишно плащане)');
  });

  it('shows the onboarding fees, the note on every card after the first', async () => {
    mockFetch({ status: 200, body: JSON.stringify(fixture) });
    renderWithI18n(<PlansSection />);
    await screen.findAllByRole('article');
    const onboarding = within(screen.getByRole('region', { name: 'Onboarding' })).getAllByRole('listitem');
    expect(onboarding.map((card) => plain(card.textContent))).toEqual([
      'EntrepreneurNo onboarding fee',
      'Small BusinessOne-time onboarding feeBGN 299.00Required one-time payment in addition to subscription',
      'Mid-sizeOne-time onboarding feeBGN 799.00Required one-time payment in addition to subscription',
    ]);
  });

  it('says the plans could not load, keeps the space, and Retry recovers', async () => {
    const fetchMock = mockFetch({ status: 500, body: '{"error":"down"}' }, { status: 200, body: JSON.stringify(fixture) });
    renderWithI18n(<PlansSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the plans. Check your connection and try again.');
    expect(console.error).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('treats malformed JSON and network errors as failures', async () => {
    mockFetch({ status: 200, body: '{"plans": [' });
    renderWithI18n(<PlansSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the plans.');
  });

  it('treats an answer larger than its limit as a failure, and says so in the console', async () => {
    mockFetch({ status: 200, body: `[${' '.repeat(PLANS_ANSWER_MAX_BYTES)}]` });
    renderWithI18n(<PlansSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load the plans.');
    expect(console.error).toHaveBeenCalledWith('Could not load the subscription plans:', expect.objectContaining({ kind: 'too-large' }));
  });

  it('says when no plans are available', async () => {
    mockFetch({ status: 200, body: '[]' });
    renderWithI18n(<PlansSection />, { language: 'bg' });
    expect(await screen.findByRole('alert')).toHaveTextContent('В момента няма налични планове.');
  });

  it('drops invalid plans with a warning and shows the valid ones', async () => {
    const broken = [{ ...fixture[1], amount: 'free' }, { ...fixture[4], type: undefined }, ...fixture.filter((p) => ![1, 4].includes(fixture.indexOf(p)))];
    mockFetch({ status: 200, body: JSON.stringify(broken) });
    renderWithI18n(<PlansSection />);
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Mid-size']);
    expect(console.warn).toHaveBeenCalledWith('Some subscription plans were dropped as invalid:', expect.arrayContaining([expect.stringContaining('"amount"')]));
  });
});

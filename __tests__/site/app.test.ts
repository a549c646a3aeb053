import { appUrl } from '../../features/site/app';

describe('appUrl', () => {
  it('opens the English application under en-US', () => {
    expect(appUrl('https://app.example.com', 'en')).toBe('https://app.example.com/en-US/');
    expect(appUrl('https://app.example.com', 'en', 'plans/p1')).toBe('https://app.example.com/en-US/plans/p1');
  });
  it('opens the Bulgarian application under bg', () => {
    expect(appUrl('https://app.example.com/', 'bg')).toBe('https://app.example.com/bg/');
    expect(appUrl('https://app.example.com', 'bg', '/plans/p1')).toBe('https://app.example.com/bg/plans/p1');
  });
});

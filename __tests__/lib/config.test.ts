import { CONFIG_DEFAULTS, readConfig } from '../../src/lib/config';

describe('readConfig', () => {
  it('falls back to the local sandbox defaults', () => {
    const config = readConfig({});
    expect(config).toEqual({
      siteUrl: CONFIG_DEFAULTS.GATSBY_SITE_URL,
      appUrl: CONFIG_DEFAULTS.GATSBY_APP_URL,
      paymentsApiUrl: CONFIG_DEFAULTS.GATSBY_PAYMENTS_API_URL,
      paymentsApiKey: CONFIG_DEFAULTS.GATSBY_PAYMENTS_API_KEY,
      apiUrl: CONFIG_DEFAULTS.GATSBY_API_URL,
      apiKey: CONFIG_DEFAULTS.GATSBY_API_KEY,
      productName: 'StockPay',
    });
  });

  it('reads every variable and drops trailing slashes from URLs', () => {
    const config = readConfig({
      GATSBY_SITE_URL: 'https://www.example.com/',
      GATSBY_APP_URL: 'https://app.example.com//',
      GATSBY_PAYMENTS_API_URL: 'https://pay.example.com',
      GATSBY_PAYMENTS_API_KEY: 'pk',
      GATSBY_API_URL: 'https://api.example.com/',
      GATSBY_API_KEY: 'k',
      GATSBY_PRODUCT_NAME: ' Acme ',
    });
    expect(config).toEqual({
      siteUrl: 'https://www.example.com',
      appUrl: 'https://app.example.com',
      paymentsApiUrl: 'https://pay.example.com',
      paymentsApiKey: 'pk',
      apiUrl: 'https://api.example.com',
      apiKey: 'k',
      productName: 'Acme',
    });
  });

  it('treats empty values as unset', () => {
    expect(readConfig({ GATSBY_PRODUCT_NAME: '  ', GATSBY_SITE_URL: '' }).productName).toBe('StockPay');
  });

  it.each(['example.com', 'ftp://example.com', '/relative'])('names the variable when a URL is invalid (%p)', (value) => {
    expect(() => readConfig({ GATSBY_SITE_URL: value })).toThrow(`GATSBY_SITE_URL must be an absolute http(s) URL, got "${value}"`);
    expect(() => readConfig({ GATSBY_API_URL: value })).toThrow('GATSBY_API_URL');
  });
});

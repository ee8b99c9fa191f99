import { describe, expect, it } from 'vitest';
import { parseDevice } from './device';

describe('parseDevice', () => {
  it('tells phones, tablets and desktops apart and names the browser', () => {
    expect(parseDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'))
      .toMatchObject({ deviceType: 'mobile', browser: 'Mobile Safari 17' });
    expect(parseDevice('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1').deviceType).toBe('tablet');
    expect(parseDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toMatchObject({ deviceType: 'desktop', browser: 'Firefox 133', os: 'Windows 10' });
    expect(parseDevice(null)).toEqual({ deviceType: 'unknown', browser: null, os: null });
  });
});

import { UAParser } from 'ua-parser-js';

export interface DeviceInfo {
  deviceType: 'mobile' | 'tablet' | 'desktop' | 'bot' | 'unknown';
  browser: string | null;
  os: string | null;
}

/** Device type and browser for the sessions list, from the user agent. */
export function parseDevice(userAgent: string | null | undefined): DeviceInfo {
  if (!userAgent) return { deviceType: 'unknown', browser: null, os: null };
  const ua = new UAParser(userAgent).getResult();
  const type = ua.device.type;
  const deviceType: DeviceInfo['deviceType'] =
    type === 'mobile' || type === 'wearable' ? 'mobile' : type === 'tablet' ? 'tablet'
      : /bot|crawler|spider/i.test(userAgent) ? 'bot' : 'desktop';
  const browser = ua.browser.name ? `${ua.browser.name}${ua.browser.major ? ` ${ua.browser.major}` : ''}` : null;
  const os = ua.os.name ? `${ua.os.name}${ua.os.version ? ` ${ua.os.version}` : ''}` : null;
  return { deviceType, browser, os };
}

import { site } from '../config/site';

export type Device = 'android' | 'ios' | 'other';

export interface DeviceHints {
  userAgent: string;
  /** navigator.platform: iPadOS in desktop mode reports `MacIntel`. */
  platform?: string;
  maxTouchPoints?: number;
}

/** Which store a visitor's device belongs to (SPEC.md, /applink). */
export function detectDevice({ userAgent, platform = '', maxTouchPoints = 0 }: DeviceHints): Device {
  if (/android/i.test(userAgent)) return 'android';
  if (/iPad|iPhone|iPod/.test(userAgent)) return 'ios';
  // iPadOS 13+ asks for desktop sites by default and then calls itself a Mac; only the touch screen
  // gives it away (no Mac has one).
  if ((platform === 'MacIntel' || /Macintosh/.test(userAgent)) && maxTouchPoints > 1) return 'ios';
  return 'other';
}

/** Where /applink sends a device. Targets come only from the site config: nothing in the URL decides. */
export function handoffTarget(device: Device): string {
  switch (device) {
    case 'android':
      return site.stores.googlePlay;
    case 'ios':
      return site.stores.appStore;
    default:
      return site.mainWebsite;
  }
}

/**
 * The twelve claimed features (SPEC.md section 1), in the order the features section shows them; their
 * texts are under `sections:features.items.{id}`. Here, below both, because the features section and
 * the pricing plan (which names eight of them) are on different floors.
 */
export const FEATURE_IDS = [
  'botSignup',
  'smartNotifications',
  'easySearch',
  'easyPosting',
  'unlimited',
  'realtime',
  'botAlerts',
  'profiles',
  'gps',
  'support',
  'platforms',
  'payments',
] as const;

export type FeatureId = (typeof FEATURE_IDS)[number];

import React from 'react';
import { type IconProps, Svg } from './icons';

/** Icons of the feature and audience sections (home and /features only). */

export const ChatIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M20 2H4a2 2 0 0 0-2 2v18l4-4h14a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2ZM6 9h12v2H6V9Zm8 5H6v-2h8v2Zm4-6H6V6h12v2Z" />
  </Svg>
);
export const BellIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 22a2 2 0 0 0 2-2h-4a2 2 0 0 0 2 2Zm6-6v-5c0-3.1-1.6-5.6-4.5-6.3V4a1.5 1.5 0 0 0-3 0v.7C7.6 5.4 6 7.9 6 11v5l-2 2v1h16v-1l-2-2Z" />
  </Svg>
);
export const SearchIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 9.5 16a6.5 6.5 0 0 0 4.2-1.6l.3.3v.8l5 5 1.5-1.5-5-5Zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Z" />
  </Svg>
);
export const AddBoxIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M19 3H5a2 2 0 0 0-2 2v14c0 1.1.9 2 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2Zm-2 10h-4v4h-2v-4H7v-2h4V7h2v4h4v2Z" />
  </Svg>
);
export const InfinityIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M18.6 6.6c-1.4 0-2.8.6-3.8 1.6L12 10.7 10.5 12l-2.7 2.4a3.4 3.4 0 0 1-2.4 1 3.4 3.4 0 1 1 0-6.8c.9 0 1.8.4 2.4 1l1.2 1 1.5-1.3-1.3-1.1a5.4 5.4 0 0 0-3.8-1.6 5.4 5.4 0 1 0 0 10.8c1.4 0 2.8-.6 3.8-1.6l2.8-2.5 1.5-1.3 2.7-2.4c.6-.6 1.5-1 2.4-1a3.4 3.4 0 1 1 0 6.8c-.9 0-1.8-.4-2.4-1l-1.2-1-1.5 1.3 1.3 1.1a5.4 5.4 0 0 0 3.8 1.6 5.4 5.4 0 1 0 0-10.8Z" />
  </Svg>
);
export const ClockIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16Zm.5-13H11v6l5.3 3.2.7-1.3-4.5-2.6V7Z" />
  </Svg>
);
export const BoltIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M7 2v11h3v9l7-12h-4l4-8H7Z" />
  </Svg>
);
export const PersonIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0 2c-2.7 0-8 1.3-8 4v2h16v-2c0-2.7-5.3-4-8-4Z" />
  </Svg>
);
export const LocationIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm8.9 3A9 9 0 0 0 13 3.1V1h-2v2.1A9 9 0 0 0 3.1 11H1v2h2.1a9 9 0 0 0 7.9 7.9V23h2v-2.1a9 9 0 0 0 7.9-7.9H23v-2h-2.1ZM12 19a7 7 0 1 1 0-14 7 7 0 0 1 0 14Z" />
  </Svg>
);
export const HeadsetIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 1a9 9 0 0 0-9 9v7a3 3 0 0 0 3 3h3v-8H5v-2a7 7 0 0 1 14 0v2h-4v8h3a3 3 0 0 0 3-3v-7a9 9 0 0 0-9-9Z" />
  </Svg>
);
export const DevicesIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 6h18V4H4a2 2 0 0 0-2 2v11H0v3h14v-3H4V6Zm19 2h-6a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V9a1 1 0 0 0-1-1Zm-1 9h-4v-7h4v7Z" />
  </Svg>
);
export const ShieldIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 1 3 5v6c0 5.6 3.8 10.7 9 12 5.2-1.3 9-6.4 9-12V5l-9-4Zm-2 16-4-4 1.4-1.4 2.6 2.6 6.6-6.6L18 9l-8 8Z" />
  </Svg>
);
export const BoxIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M20 2H4a2 2 0 0 0-2 2v3c0 .7.4 1.3 1 1.7V20c0 1.1 1.1 2 2 2h14c.9 0 2-.9 2-2V8.7c.6-.4 1-1 1-1.7V4a2 2 0 0 0-2-2Zm-5 12H9v-2h6v2Zm5-7H4V4h16v3Z" />
  </Svg>
);
export const DashboardIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 13h8V3H3v10Zm0 8h8v-6H3v6Zm10 0h8V11h-8v10Zm0-18v6h8V3h-8Z" />
  </Svg>
);

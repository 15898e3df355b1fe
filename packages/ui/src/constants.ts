/** The interface defaults the specification sets (notification timeout, slider interval, …). */
export const NOTIFICATION_TIMEOUT_MS = 5000;
export const CAROUSEL_INTERVAL_MS = 6000;
export const MENU_MAX_HEIGHT = 310;

export { apiBaseUrl, DESKTOP_MIN_WIDTH, reloadOnExpiryPaths, siteFiling } from './env';

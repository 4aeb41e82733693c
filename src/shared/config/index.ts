export { apiBaseUrl, DESKTOP_MIN_WIDTH, notaryProductionHost, reloadOnExpiryPaths, siteFiling } from './env';

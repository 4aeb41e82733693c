export { clearArea, readJson, readText, removeKey, writeText } from './storage';

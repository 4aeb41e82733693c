// What other modules use of this one: they import it from here, never from the module's files.
export { type Message, notificationText, notify, renderMessage, word } from './service';

export { MobileQueuePage, ProcessQueuePage } from './ui/queue-page';

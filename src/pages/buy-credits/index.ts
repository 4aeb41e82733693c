export { BuyCreditsPage } from './ui/buy-credits-page';

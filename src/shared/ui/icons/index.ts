export { IconBell, IconChevronDown, IconMenu } from './icons';

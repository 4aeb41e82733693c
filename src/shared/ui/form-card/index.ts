export { FormCard } from './form-card';
export type { FormCardProps } from './form-card';

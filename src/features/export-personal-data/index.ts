export { PersonalDataExportCard } from './ui/personal-data-export';

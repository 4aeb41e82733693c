import './app-model';

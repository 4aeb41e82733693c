import { combine, createEvent, createStore } from 'effector';
import { createGate } from 'effector-react';
import { helpSources } from '../api/help-sources';
import { parseHelpTopics, questionCount, queryTerms, searchHelp } from '../lib/help-topics';

export const HelpCenterGate = createGate();

export const queryChanged = createEvent<string>();
export const queryCleared = createEvent();

/** Every topic of the help files (parsed once: the files are part of this page's chunk). */
export const $topics = createStore(parseHelpTopics(helpSources), { serialize: 'ignore' });
export const $query = createStore('')
  .on(queryChanged, (_, query) => query)
  .reset([queryCleared, HelpCenterGate.close]);

export const $searching = $query.map((query) => queryTerms(query).length > 0);
export const $results = combine($topics, $query, searchHelp);
export const $resultCount = $results.map(questionCount);

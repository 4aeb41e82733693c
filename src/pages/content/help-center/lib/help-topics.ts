import { DEFAULT_LANGUAGE } from '@/shared/config';
import { blocksText, inlineText, parseMarkdown, type Block } from '@/shared/lib/markdown';

export type HelpQuestion = { id: string; question: string; answer: Block[]; text: string };
export type HelpTopic = { id: string; title: string; intro: Block[]; questions: HelpQuestion[] };

/** `01-account.md` -> order `01`, id `account`. */
const FILE_NAME = /(?:^|\/)(?:(\d+)-)?([\w-]+)\.md$/;

/**
 * Reads the help files: in each, the `# ` heading is the topic, every `## ` heading a question, and what
 * follows it (until the next `## `) its answer. Text between the topic and its first question is the
 * topic's introduction. Files are ordered by their number prefix, then name; a file without a `# `
 * heading or without questions is left out rather than shown half-built.
 */
export function parseHelpTopics(sources: Record<string, string>): HelpTopic[] {
  return Object.entries(sources)
    .map(([path, source]) => ({ match: FILE_NAME.exec(path), source }))
    .filter((entry): entry is { match: RegExpExecArray; source: string } => entry.match !== null)
    .sort((a, b) => Number(a.match[1] ?? Infinity) - Number(b.match[1] ?? Infinity) || a.match[2]!.localeCompare(b.match[2]!))
    .flatMap(({ match, source }) => {
      const id = match[2]!;
      let title = '';
      const intro: Block[] = [];
      const questions: HelpQuestion[] = [];
      for (const block of parseMarkdown(source)) {
        if (block.type === 'heading' && block.level === 1 && title === '') title = inlineText(block.children);
        else if (block.type === 'heading' && block.level === 2) {
          const question = inlineText(block.children);
          questions.push({ id: `${id}-${questions.length + 1}`, question, answer: [], text: question });
        } else if (questions.length > 0) questions[questions.length - 1]!.answer.push(block);
        else intro.push(block);
      }
      for (const question of questions) question.text = `${question.question}\n${blocksText(question.answer)}`;
      return title !== '' && questions.length > 0 ? [{ id, title, intro, questions }] : [];
    });
}

const normalise = (text: string) => text.toLocaleLowerCase(DEFAULT_LANGUAGE);

/** Words of a query: split on spaces and Chinese or Latin punctuation. */
export function queryTerms(query: string): string[] {
  return normalise(query)
    .split(/[\s,\uFF0C\u3002\u3001\uFF1B;\uFF1A:\uFF1F?\uFF01!\u201C\u201D"'\u2018\u2019\uFF08\uFF09()]+/u)
    .filter((term) => term !== '');
}

/**
 * The topics with only the questions whose question or answer contains every term of the query; topics
 * without a match are dropped. An empty query keeps everything.
 */
export function searchHelp(topics: HelpTopic[], query: string): HelpTopic[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return topics;
  return topics
    .map((topic) => ({
      ...topic,
      questions: topic.questions.filter((question) => {
        const haystack = normalise(`${topic.title}\n${question.text}`);
        return terms.every((term) => haystack.includes(term));
      }),
    }))
    .filter((topic) => topic.questions.length > 0);
}

export const questionCount = (topics: HelpTopic[]) => topics.reduce((sum, topic) => sum + topic.questions.length, 0);

import { findCopyLiterals, formatHit } from './copy-literals';
const hits = findCopyLiterals({ root: '/work/wt-e2e-copy', localeDir: 'locales/zh-CN', allFilesIn: ['tests/e2e'], testFilesIn: ['server'] });
for (const h of hits) console.log(formatHit(h));
console.error(hits.length);

import { createEvent, createStore } from 'effector';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ListView } from '../../lib/paged-list';
import { ListPage, type ListPageTexts } from './list-page';
import { ListCards, type ListColumn } from './list-rows';

// Semi's CommonJS build does not load in Node; its button renders a plain one here.
vi.mock('@douyinfe/semi-ui-19', () => ({
  Button: ({ children }: { children: ReactNode }) => <button type="button">{children}</button>,
}));

type Row = { id: number; no: string; amount: string; status: string };

const rows: Row[] = [
  { id: 1, no: 'A-1', amount: '1.00', status: 'paid' },
  { id: 2, no: 'A-2', amount: '2.00', status: 'open' },
];
const columns: Array<ListColumn<Row>> = [
  { label: 'Number', card: 'head', rowHeader: true, cell: (row) => row.no },
  { label: 'Status', card: 'head', cell: (row) => row.status },
  { label: 'Amount', cell: (row) => row.amount },
  { label: 'Pick', hideLabel: true, card: 'none', cell: () => 'box' },
  { label: 'Actions', card: 'foot', cell: (row) => <button type="button">open {row.no}</button> },
];
const texts: ListPageTexts = {
  caption: 'Things',
  loading: 'Loading',
  failed: 'Could not load',
  retry: 'Again',
  empty: 'Nothing yet',
  emptyFiltered: 'Nothing matches',
  pagination: 'Pages',
  total: (count) => `${count} in all`,
  prev: 'Previous',
  next: 'Next',
  page: (page, pages) => `page ${page} of ${pages}`,
};

const model = (view: ListView, list: Row[], filtered = false) => ({
  $list: createStore(list),
  $view: createStore(view),
  $pending: createStore(view === 'loading'),
  $filtered: createStore(filtered),
  $page: createStore(1),
  $pages: createStore(list.length > 0 ? 3 : 0),
  $count: createStore(list.length > 0 ? 25 : 0),
  pageChanged: createEvent<number>(),
  retryClicked: createEvent(),
});

const render = (view: ListView, list: Row[], filtered = false) =>
  renderToStaticMarkup(
    <ListPage
      model={model(view, list, filtered)}
      texts={texts}
      columns={columns}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ 'data-testid': `row-${row.id}` })}
      emptyTestId="things-empty"
      emptyAction={<a href="/new">Make one</a>}
    />,
  );

describe('ListPage', () => {
  it('shows the rows as a captioned table with the row header, hidden labels, row test ids and the pager', () => {
    const html = render('rows', rows);
    expect(html).toContain('<section class="list-page" aria-busy="false" aria-label="Things">');
    expect(html).toContain('<caption class="visually-hidden">Things</caption>');
    expect(html).toContain('<th scope="col"><span class="visually-hidden">Pick</span></th>');
    expect(html).toMatch(/<tr data-testid="row-1"><th scope="row">A-1<\/th><td>paid<\/td><td>1.00<\/td>/);
    expect(html).toContain('25 in all');
    expect(html).toContain('page 1 of 3');
  });

  it('says the list is empty, with the way out, and hides the pager', () => {
    const html = render('empty', []);
    expect(html).toContain('data-testid="things-empty"');
    expect(html).toContain('Nothing yet');
    expect(html).toContain('Make one');
    expect(html).not.toContain('<nav');
  });

  it('says the filters match nothing, without the way out', () => {
    const html = render('empty', [], true);
    expect(html).toContain('Nothing matches');
    expect(html).not.toContain('Make one');
  });

  it('announces a failure with a retry button, and marks the list busy while loading', () => {
    expect(render('error', [])).toMatch(/role="alert".*Could not load.*Again/);
    const loading = render('loading', []);
    expect(loading).toContain('aria-busy="true"');
    expect(loading).toContain('Loading');
    expect(loading).not.toContain('<table');
  });
});

describe('ListCards', () => {
  it('lays out a card: the head line, the labelled facts, then the foot; columns marked none are left out', () => {
    const html = renderToStaticMarkup(<ListCards caption="Things" columns={columns} rows={rows} rowKey={(row) => row.id} />);
    expect(html).toContain('<ul class="list-cards" aria-label="Things">');
    expect(html).toMatch(
      /<li class="list-card"><div class="list-card__head"><span>A-1<\/span><span>paid<\/span><\/div><dl class="list-card__facts"><div><dt>Amount<\/dt><dd>1.00<\/dd><\/div><\/dl><div class="list-card__foot"><button type="button">open A-1<\/button><\/div><\/li>/,
    );
    expect(html).not.toContain('box');
  });
});

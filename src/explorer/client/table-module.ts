/**
 * The results table (served as /explorer/assets/explorer-table.js): one column per result
 * column, cells in Cypher notation (see explorer-records.js), each cell's full JSON in its
 * tooltip. Built with DOM calls and textContent only, so no value is ever read as HTML.
 */
export const TABLE_MODULE = `// The table view of a result.
import { cellText } from './explorer-records.js';

/** Replaces the content of container with a table of columns and rows. */
export function renderTable(container, columns, rows) {
  container.replaceChildren();
  if (columns.length === 0) {
    return;
  }
  const table = document.createElement('table');
  const head = table.createTHead().insertRow();
  for (const column of columns) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = column;
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    columns.forEach((_column, i) => {
      const td = tr.insertCell();
      const value = row[i] === undefined ? null : row[i];
      td.textContent = cellText(value);
      if (value !== null && typeof value === 'object') {
        td.title = JSON.stringify(value, null, 2);
      }
    });
  }
  container.appendChild(table);
}
`;

import './data-table.css';
import { useEffect, useMemo, useRef, useState, type ReactNode, type UIEvent } from 'react';
import type { DataTableColumn, DataTableProps } from './data-table-props';
import { rowWindow, visibleRows } from './windowing';

const DEFAULT_ROW_HEIGHT = 32;
/** The visible-rows callback waits for scrolling to pause this long, ms. */
const SETTLE_MS = 250;

const track = (w: number | string | undefined) => (w === undefined ? 'minmax(0, 1fr)' : typeof w === 'number' ? `${w}px` : w);
/** Width a flexible column keeps at least when the columns do not fit (the table then scrolls sideways). */
const FLEX_MIN_WIDTH = 80;

/** The width the columns need: fixed widths as given, flexible ones at least {@link FLEX_MIN_WIDTH}. */
export function columnsMinWidth(widths: readonly (number | string | undefined)[]): number {
  return widths.reduce<number>((sum, w) => {
    if (typeof w === 'number') return sum + w;
    const px = typeof w === 'string' ? /^(\d+(?:\.\d+)?)px$/.exec(w.trim()) : null;
    return sum + (px ? Number(px[1]) : FLEX_MIN_WIDTH);
  }, 0);
}

/** The operation column (操作) stays at the right edge unless its column says otherwise. */
const isPinned = (c: DataTableColumn<never>) => c.pinned ?? c.title === '操作';
const cellClass = (c: DataTableColumn<never>) => (isPinned(c) ? 'tl-table-cell tl-table-pinned' : 'tl-table-cell');
/** A plain text cell shows its whole text as a tooltip, for when it is cut to '…'. */
const tooltipOf = (content: ReactNode) => (typeof content === 'string' || typeof content === 'number' ? String(content) : undefined);

/** The windowed table behind {@link DataTable}: head and rows share one box that scrolls both ways. */
export default function DataTableView<T>(props: DataTableProps<T>) {
  const rowHeight = props.rowHeight ?? DEFAULT_ROW_HEIGHT;
  const [scrollTop, setScrollTop] = useState(0);
  const template = useMemo(() => props.columns.map((c) => track(c.width)).join(' '), [props.columns]);
  // wider than the box: the head and the rows keep their widths and the box scrolls sideways
  const minWidth = useMemo(() => columnsMinWidth(props.columns.map((c) => c.width)), [props.columns]);
  const { rows, height, onVisibleRowsChange, rowKey } = props;
  const win = rowWindow(scrollTop, height, rowHeight, rows.length);

  const visible = visibleRows(scrollTop, height, rowHeight, rows.length);
  const visibleKey = rows.slice(visible.start, visible.end).map(rowKey).join('|');
  const latest = useRef({ rows, visible });
  latest.current = { rows, visible };
  /** Whether rows in view were told yet: the first ones are told at once, later changes once scrolling settles. */
  const told = useRef(false);
  useEffect(() => {
    if (!onVisibleRowsChange) return;
    const tell = () => {
      const { rows: r, visible: v } = latest.current;
      onVisibleRowsChange(r.slice(v.start, v.end));
    };
    if (!told.current && visibleKey) {
      told.current = true;
      tell();
      return;
    }
    const timer = setTimeout(tell, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [visibleKey, onVisibleRowsChange]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop);
  const columns = props.columns as readonly DataTableColumn<never>[];

  return (
    <div className={'tl-table'} role="table" aria-label={props.label} aria-rowcount={rows.length + 1}>
      <div className={'tl-table-body'} style={{ height: height + rowHeight }} onScroll={onScroll} data-testid="data-table-body">
        <div className={'tl-table-head'} style={{ gridTemplateColumns: template, height: rowHeight, minWidth }} role="row">
          {columns.map((c) => (
            <div key={c.key} className={cellClass(c)} role="columnheader" style={{ textAlign: c.align, lineHeight: `${rowHeight}px` }}>
              {c.title}
            </div>
          ))}
        </div>
        {rows.length === 0 ? (
          <div className={'tl-table-empty'}>{props.empty ?? '暂无数据'}</div>
        ) : (
          <>
            <div style={{ height: win.before }} />
            {rows.slice(win.start, win.end).map((row, k) => {
              const index = win.start + k;
              const key = rowKey(row);
              const selected = key === props.selectedKey;
              return (
                <div
                  key={key}
                  role="row"
                  aria-rowindex={index + 2}
                  aria-selected={selected}
                  data-row-key={key}
                  className={`tl-table-row${props.onRowClick ? ' tl-clickable' : ''}${selected ? ' tl-selected' : ''}`}
                  style={{ gridTemplateColumns: template, height: rowHeight, minWidth }}
                  onClick={props.onRowClick ? () => props.onRowClick!(row) : undefined}
                >
                  {props.columns.map((c) => {
                    const content = c.render(row, index);
                    return (
                      <div key={c.key} className={cellClass(c as DataTableColumn<never>)} role="cell" style={{ textAlign: c.align }} title={tooltipOf(content)}>
                        {content}
                      </div>
                    );
                  })}
                </div>
              );
            })}
            <div style={{ height: win.after }} />
          </>
        )}
      </div>
    </div>
  );
}

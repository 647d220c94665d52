import { Button, Dropdown, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import type { Pagination } from '@tianlu/sdk';

const SIZES = [10, 20, 50, 100];

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: '8px', padding: '12px 0 0' },
  muted: { color: tokens.colorNeutralForeground3 },
  size: { minWidth: '110px' },
});

/** Pager for an SDK Pagination: total, previous/next, page size (a new size goes back to page 1). */
export const PaginationBar = observer(function PaginationBar(props: { pagination: Pagination; onChange: () => void }) {
  const s = useStyles();
  const p = props.pagination;
  return (
    <div className={s.bar}>
      <Text className={s.muted}>共 {p.total} 条</Text>
      <Button
        size="small"
        disabled={p.current <= 1}
        onClick={() => {
          p.setCurrent(p.current - 1);
          props.onChange();
        }}
      >
        上一页
      </Button>
      <Text>
        {p.current} / {p.pageCount}
      </Text>
      <Button
        size="small"
        disabled={p.current >= p.pageCount}
        onClick={() => {
          p.setCurrent(p.current + 1);
          props.onChange();
        }}
      >
        下一页
      </Button>
      <Dropdown
        className={s.size}
        size="small"
        aria-label="每页条数"
        value={`${p.pageSize} 条/页`}
        selectedOptions={[String(p.pageSize)]}
        onOptionSelect={(_, d) => {
          p.setPageSize(Number(d.optionValue));
          props.onChange();
        }}
      >
        {SIZES.map((n) => (
          <Option key={n} value={String(n)}>{`${n} 条/页`}</Option>
        ))}
      </Dropdown>
    </div>
  );
});

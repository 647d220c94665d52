import { useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Link,
  makeStyles,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { expectOk, formatChinaTime, HttpService, NavigationService, PageSection, PaginationBar, usePagedQuery, useService } from '@tianlu/sdk';
import { NOTICE_LIST, NoticeApi, type ReadFilter } from '../components/notice-types';


const useStyles = makeStyles({
  toolbar: { display: 'flex', alignItems: 'center', gap: '8px' },
  grow: { flex: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  unreadTitle: { fontWeight: 600 },
});

/** 站内消息: paged notices with 全部/未读/已读 filter and mark read. */
const NoticePage = observer(function NoticePage() {
  const s = useStyles();
  const http = useService(HttpService);
  const nav = useService(NavigationService);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const {
    pagination, filter, page: data, error: loadError, load, search,
  } = usePagedQuery({ ...NOTICE_LIST, onPage: () => setSelected(new Set()) });
  // a refused 标为已读 says so until the list is loaded again
  const [failed, setFailed] = useState<string>();
  const error = failed ?? loadError;
  const reload = () => {
    setFailed(undefined);
    return load();
  };

  const markRead = async (body: { ids: number[] } | { all: true }) => {
    try {
      expectOk(await http.call(NoticeApi.markRead, body));
      await reload();
    } catch (e) {
      setFailed(e instanceof Error && e.message ? e.message : '网络异常');
    }
  };

  const list = data?.list ?? [];
  const allChecked = list.length > 0 && list.every((n) => selected.has(n.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  return (
    <PageSection
      title="站内消息"
      tools={
        <>
          <Button disabled={!selected.size} onClick={() => void markRead({ ids: [...selected] })}>
            标为已读
          </Button>
          <Button appearance="primary" disabled={!data?.unread} onClick={() => void markRead({ all: true })}>
            全部已读
          </Button>
        </>
      }
    >
      <div className={s.toolbar}>
        <TabList
          size="small"
          selectedValue={filter}
          onTabSelect={(_, d) => {
            setFailed(undefined);
            search(d.value as ReadFilter);
          }}
        >
          <Tab value="all">全部</Tab>
          <Tab value="unread">未读{data?.unread ? `（${data.unread}）` : ''}</Tab>
          <Tab value="read">已读</Tab>
        </TabList>
      </div>
      {error && <Text className={s.error}>{error}</Text>}
      <Table aria-label="站内消息" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell style={{ width: 44 }}>
              <Checkbox
                aria-label="全选"
                checked={allChecked ? true : selected.size ? 'mixed' : false}
                onChange={() => setSelected(allChecked ? new Set() : new Set(list.map((n) => n.id)))}
              />
            </TableHeaderCell>
            <TableHeaderCell>标题</TableHeaderCell>
            <TableHeaderCell style={{ width: 120 }}>分类</TableHeaderCell>
            <TableHeaderCell style={{ width: 160 }}>发布时间</TableHeaderCell>
            <TableHeaderCell style={{ width: 90 }}>状态</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.map((n) => (
            <TableRow key={n.id}>
              <TableCell>
                <Checkbox aria-label={`选择 ${n.title}`} checked={selected.has(n.id)} onChange={() => toggle(n.id)} />
              </TableCell>
              <TableCell>
                <Link className={n.read ? undefined : s.unreadTitle} onClick={() => nav.navigate(`/center/detail?id=${n.id}`)}>
                  {n.title}
                </Link>
              </TableCell>
              <TableCell>{n.category}</TableCell>
              <TableCell>{formatChinaTime(n.publishTime, 'minute')}</TableCell>
              <TableCell>
                {n.read ? (
                  <Badge appearance="tint" color="subtle">
                    已读
                  </Badge>
                ) : (
                  <Badge appearance="tint" color="danger">
                    未读
                  </Badge>
                )}
              </TableCell>
            </TableRow>
          ))}
          {data && !list.length && (
            <TableRow>
              <TableCell colSpan={5}>
                <Text className={s.muted}>暂无消息</Text>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <PaginationBar pagination={pagination} onChange={() => void reload()} />
    </PageSection>
  );
});
export default NoticePage;

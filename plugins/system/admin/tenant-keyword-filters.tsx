import { useState } from 'react';
import { Button, Field } from '@fluentui/react-components';
import { Input, type TenantOption } from '@tianlu/sdk';
import { SearchRegular } from '@fluentui/react-icons';
import type { TenantKeywordFilter } from './admin-queries';
import { TenantSelect } from './tenant-select';

/** 关键词, 所属客户 and 查询 above a list; Enter in the keyword searches too. */
export function TenantKeywordFilters(props: { placeholder: string; tenants: readonly TenantOption[] | undefined; onSearch: (filter: TenantKeywordFilter) => void }) {
  const [keyword, setKeyword] = useState('');
  const [tenantId, setTenantId] = useState<number>();
  const search = () => props.onSearch({ keyword: keyword.trim(), tenantId });
  return (
    <>
      <Field label="关键词">
        <Input maxLength={50} value={keyword} placeholder={props.placeholder} onChange={(_, d) => setKeyword(d.value)} onKeyDown={(e) => e.key === 'Enter' && search()} />
      </Field>
      <TenantSelect label="所属客户" options={props.tenants ?? []} value={tenantId} onChange={setTenantId} allLabel="全部客户" />
      <Button icon={<SearchRegular />} onClick={search}>
        查询
      </Button>
    </>
  );
}

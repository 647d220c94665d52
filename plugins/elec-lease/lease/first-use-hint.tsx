import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { NavigationService, useService } from '@tianlu/sdk';

const TEXT = {
  overview: '第一步添加租户（姓名、手机号、身份证号），第二步为租户签订合同、收押金和租金；已有的合同可在合同管理用“导入合同”从表格一次录入。',
  renter: '先添加租户（姓名、手机号、身份证号），再到合同管理为租户签订合同、收押金和租金。',
  contract: '先到租户管理添加租户，再在这里签订合同；已有的合同可用“导入合同”从表格一次录入，开始日期可早于今天。',
} as const;

/**
 * What to do first in an empty 电动车租赁: 添加租户, then 签订合同 (or 导入合同 for the ones a shop
 * already has). A step on the page showing the hint runs `onHere`; the other opens its page.
 */
export function FirstUseHint(props: { step: keyof typeof TEXT; onHere?: () => void }) {
  const nav = useService(NavigationService);
  const go = (page: 'renter' | 'contract') => (props.step === page && props.onHere ? props.onHere : () => nav.navigate(`/elec-lease/${page}`));
  return (
    <MessageBar intent="info" layout="multiline" aria-label="第一次使用">
      <MessageBarBody>
        <MessageBarTitle>第一次使用电动车租赁</MessageBarTitle>
        {TEXT[props.step]}
      </MessageBarBody>
      <MessageBarActions>
        <Button size="small" onClick={go('renter')}>1. 添加租户</Button>
        <Button size="small" onClick={go('contract')}>2. 签订合同</Button>
      </MessageBarActions>
    </MessageBar>
  );
}

import { SimpleGrid, TextInput } from '@mantine/core';
import { textFieldBinder } from '@/shared/lib';
import type { BankInfoFormValues } from '../model/user-form.schema';

type Key = keyof BankInfoFormValues;

interface Props {
  values: BankInfoFormValues;
  errors: Partial<Record<Key, string>>;
  setField: (key: Key, value: string) => void;
}

/** 开户人姓名, 开户银行, 开户支行, 银行卡号: onboarding step 4 and the account page. */
export function BankInfoFields({ values, errors, setField }: Props) {
  const input = textFieldBinder(values, errors, setField);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <TextInput label="开户人姓名" placeholder="须与实名信息一致" autoComplete="off" maxLength={40} required {...input('account_name')} />
      <TextInput label="开户银行" placeholder="例如：招商银行" autoComplete="off" maxLength={40} required {...input('bank_name')} />
      <TextInput label="开户支行" description="选填" placeholder="例如：杭州西湖支行" autoComplete="off" maxLength={60} {...input('bank_branch')} />
      <TextInput
        label="银行卡号"
        description="12-19位数字"
        inputMode="numeric"
        autoComplete="off"
        maxLength={23}
        required
        {...input('account_no')}
      />
    </SimpleGrid>
  );
}

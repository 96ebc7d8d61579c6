import { Group, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { textFieldBinder } from '@/shared/lib';
import { type BasicInfoFormValues, GENDER_OPTIONS } from '../model/user-form.schema';

type Key = keyof BasicInfoFormValues;

interface Props {
  values: BasicInfoFormValues;
  errors: Partial<Record<Key, string>>;
  setField: (key: Key, value: string) => void;
}

/** 真实姓名, 性别, 所在城市, 邮箱, 微信号, 企业微信: onboarding step 1 and the account page. */
export function BasicInfoFields({ values, errors, setField }: Props) {
  const input = textFieldBinder(values, errors, setField);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      <TextInput label="真实姓名" placeholder="与身份证一致" autoComplete="name" maxLength={40} required {...input('real_name')} />
      <Radio.Group label="性别" required value={values.gender} onChange={(v) => setField('gender', v)} error={errors.gender}>
        <Group gap="lg" mt={8}>
          {GENDER_OPTIONS.map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} />
          ))}
        </Group>
      </Radio.Group>
      <TextInput label="所在城市" placeholder="例如：杭州" autoComplete="address-level2" maxLength={30} required {...input('city')} />
      <TextInput label="邮箱" placeholder="选填" type="email" autoComplete="email" maxLength={100} {...input('email')} />
      <TextInput label="微信号" placeholder="便于团队联系你" maxLength={40} required {...input('wechat')} />
      <TextInput label="企业微信" placeholder="选填" maxLength={40} {...input('company_wechat')} />
    </SimpleGrid>
  );
}

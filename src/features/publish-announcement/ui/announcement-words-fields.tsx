import { Textarea, TextInput } from '@mantine/core';

interface WordsForm {
  values: { title: string; body: string };
  errors: Partial<Record<string, string>>;
  setField: (key: 'title' | 'body', value: string) => void;
}

/** The title and body inputs of the publish and edit forms. */
export function AnnouncementWordsFields({ form }: { form: WordsForm }) {
  return (
    <>
      <TextInput label="标题" required maxLength={100} value={form.values.title} onChange={(e) => form.setField('title', e.currentTarget.value)} error={form.errors.title} />
      <Textarea
        label="内容"
        description="空行分段；以“- ”开头的行显示为列表；**文字** 加粗"
        required
        autosize
        minRows={6}
        maxRows={16}
        value={form.values.body}
        onChange={(e) => form.setField('body', e.currentTarget.value)}
        error={form.errors.body}
      />
    </>
  );
}

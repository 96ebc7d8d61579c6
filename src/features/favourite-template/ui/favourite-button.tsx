import { ActionIcon, Button } from '@mantine/core';
import { useToggleFavourite } from '../model/use-toggle-favourite';

interface Props {
  template: { template_id: number; title: string; favourite: boolean };
  /** `icon`: the star on a card; `button`: with its text, in the detail. */
  variant?: 'icon' | 'button';
}

/** The favourite star: pressed when the caller starred the template. */
export function FavouriteButton({ template, variant = 'icon' }: Props) {
  const toggle = useToggleFavourite();
  // Shown at once; the lists catch up when they refresh.
  const on = toggle.isPending && toggle.variables ? toggle.variables.on : template.favourite;
  const click = () => toggle.mutate({ templateId: template.template_id, on: !on });
  if (variant === 'button')
    return (
      <Button size="xs" variant={on ? 'filled' : 'default'} color="yellow" c={on ? 'dark' : undefined} aria-pressed={on} onClick={click} leftSection={on ? '★' : '☆'}>
        {on ? '已收藏' : '收藏'}
      </Button>
    );
  return (
    <ActionIcon
      variant="white"
      radius="xl"
      size="lg"
      color={on ? 'yellow.7' : 'gray.7'}
      aria-pressed={on}
      aria-label={on ? `取消收藏 ${template.title}` : `收藏 ${template.title}`}
      onClick={click}
      style={{ boxShadow: 'var(--mantine-shadow-xs)', fontSize: 18 }}
    >
      {on ? '★' : '☆'}
    </ActionIcon>
  );
}

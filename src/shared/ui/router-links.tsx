import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { type AnchorHTMLAttributes, forwardRef } from 'react';

/*
 * Mantine's Anchor and Button as router links. `component={Link}` loses the route typing of `to`,
 * `params` and `search`; `createLink` keeps it (TanStack Router's documented way for UI kits).
 */

type AnchorBaseProps = AnchorProps & AnchorHTMLAttributes<HTMLAnchorElement>;
const AnchorBase = forwardRef<HTMLAnchorElement, AnchorBaseProps>((props, ref) => <Anchor component="a" ref={ref} {...props} />);
AnchorBase.displayName = 'AnchorBase';

type ButtonBaseProps = ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement>;
const ButtonBase = forwardRef<HTMLAnchorElement, ButtonBaseProps>((props, ref) => <Button component="a" ref={ref} {...props} />);
ButtonBase.displayName = 'ButtonBase';

/** A text link to a route: `<AnchorLink to="/x/$id" params={{ id }}>`. */
export const AnchorLink = createLink(AnchorBase);
/** A button that navigates to a route. */
export const ButtonLink = createLink(ButtonBase);

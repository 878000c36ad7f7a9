import type { MouseEvent, ReactNode } from 'react';
import { TextLink } from '../components/TextLink';
import { navigateTo } from '../session/navigation';

/**
 * An in-app link that works with and without react-router: it pushes the path itself
 * (navigation.ts), so the entry chunk needs no router. Modified clicks keep browser behaviour.
 */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigateTo(to);
  };
  return (
    <TextLink href={to} onClick={onClick}>
      {children}
    </TextLink>
  );
}

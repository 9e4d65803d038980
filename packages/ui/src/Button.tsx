import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800',
  secondary: 'border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 active:bg-slate-100',
  ghost: 'text-slate-700 hover:bg-slate-100 active:bg-slate-200',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800',
  link: 'text-brand-700 underline-offset-4 hover:underline px-0! py-0!',
};

// On a phone or any touch screen a button is a 44 px touch target whatever its size (issue 22, decision 0090).
const TOUCH = 'max-sm:h-11 pointer-coarse:h-11';
const SIZES: Record<ButtonSize, string> = {
  sm: `h-8 px-3 text-sm ${TOUCH}`,
  md: `h-10 px-4 text-sm ${TOUCH}`,
};

/** The class names of a button, for elements that cannot use <Button asChild>. */
export function buttonClassName(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', className?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50',
    // A link-styled button standing alone is a touch target too: 44 px tall on a phone or touch screen.
    variant === 'link' ? 'h-auto max-sm:min-h-11 pointer-coarse:min-h-11' : SIZES[size],
    VARIANTS[variant],
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the single child (for example a router link) with the button's look. */
  asChild?: boolean;
}

export function Button({ variant = 'primary', size = 'md', asChild = false, className, type, ...props }: ButtonProps) {
  const classes = buttonClassName(variant, size, className);
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type ?? 'button'} className={classes} {...props} />;
}

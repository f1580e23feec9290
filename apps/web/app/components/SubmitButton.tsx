import { Button, type ButtonProps } from './Button.tsx';

/** A form's submit button on a line of its own (the div keeps a grid form from stretching it). */
export function SubmitButton(props: Omit<ButtonProps, 'type'>) {
  return (
    <div>
      <Button type="submit" {...props} />
    </div>
  );
}

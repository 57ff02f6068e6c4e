import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RenameableTitle } from './RenameableTitle';

function rename(value: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
  const box = screen.getByRole('textbox');
  fireEvent.change(box, { target: { value } });
  fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
  fireEvent.keyUp(box, { key: 'Enter', keyCode: 13 });
}

describe('RenameableTitle', () => {
  it('renames in place with the typed name', () => {
    const onRename = vi.fn();
    render(<RenameableTitle name="Sales" canEdit onRename={onRename} testId="title" />);
    rename('Revenue');
    expect(onRename).toHaveBeenCalledWith('Revenue');
  });

  it('sends nothing for a blank or unchanged name', () => {
    const onRename = vi.fn();
    render(<RenameableTitle name="Sales" canEdit onRename={onRename} testId="title" />);
    rename('   ');
    rename('Sales');
    expect(onRename).not.toHaveBeenCalled();
    expect(screen.getByTestId('title')).toHaveTextContent('Sales');
  });

  it('offers no rename to someone who cannot edit', () => {
    render(<RenameableTitle name="Sales" canEdit={false} onRename={vi.fn()} testId="title" />);
    expect(screen.getByTestId('title')).toHaveTextContent('Sales');
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
  });
});

// Issue 14: the Add items and Update item forms preview the image they name, say when it does not load,
// and refuse an address that is not a picture with the server's own rule.
import { valibotResolver } from '@hookform/resolvers/valibot';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ITEM_IMAGE_RULE, type NewItem, type NewItemInput, NewItemSchema } from '../../contract/admin.ts';
import { DISH_FALLBACK } from '../../src/components/fallback-image.tsx';
import { IMAGE_NOT_LOADED, ItemFields } from '../../src/routes/admin/item-fields.tsx';

/** The Add items form's fields, as the page wires them. */
function Form({ onSave }: { onSave: (item: NewItem) => void }) {
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<NewItemInput, unknown, NewItem>({
    resolver: valibotResolver(NewItemSchema),
    defaultValues: {
      name: 'Pizza',
      price: '10',
      quantity: '4',
      image: '',
      category: 'pizza',
      description: 'Good',
    },
  });
  return (
    <form noValidate onSubmit={handleSubmit(onSave)}>
      <ItemFields
        field={(name) => register(name)}
        errors={errors}
        labels={{ name: 'Name', image: 'Image' }}
        image={watch('image')}
      />
      <button type="submit">Add item</button>
    </form>
  );
}

const preview = () => screen.getByRole('img', { name: 'Preview' });

describe('the image field', () => {
  it('previews the picture it names, live', async () => {
    render(<Form onSave={() => {}} />);
    expect(preview()).toHaveAttribute('src', DISH_FALLBACK);
    await userEvent.type(screen.getByLabelText('Image'), 'https://cdn.example.com/pizza.webp');
    expect(preview()).toHaveAttribute('src', 'https://cdn.example.com/pizza.webp');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('shows the fallback and says so when the picture does not load', async () => {
    render(<Form onSave={() => {}} />);
    const field = screen.getByLabelText('Image');
    await userEvent.type(field, '/images/menu/missing.png');
    fireEvent.error(preview());
    expect(preview()).toHaveAttribute('src', DISH_FALLBACK);
    expect(screen.getByRole('status')).toHaveTextContent(IMAGE_NOT_LOADED);
    // Another address is tried afresh, the note gone.
    await userEvent.clear(field);
    await userEvent.type(field, '/images/menu/pepperoni-classic.svg');
    expect(preview()).toHaveAttribute('src', '/images/menu/pepperoni-classic.svg');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('fetches nothing for an address that is not a picture, and refuses it on saving', async () => {
    const onSave = vi.fn();
    render(<Form onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Image'), 'https://example.com/menu.html');
    expect(preview()).toHaveAttribute('src', DISH_FALLBACK);
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    expect(await screen.findByText(ITEM_IMAGE_RULE)).toBeVisible();
    expect(screen.getByLabelText('Image')).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves with a picture address', async () => {
    const onSave = vi.fn();
    render(<Form onSave={onSave} />);
    await userEvent.type(screen.getByLabelText('Image'), 'https://cdn.example.com/pizza.jpg?w=400');
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]![0]).toMatchObject({ image: 'https://cdn.example.com/pizza.jpg?w=400' });
  });
});

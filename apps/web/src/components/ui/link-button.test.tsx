import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TestRouter } from '../../test/router';
import { Button, LinkButton } from './link-button';

describe('LinkButton', () => {
  it('renders a link with the normal (brand) theme by default', () => {
    render(
      <TestRouter>
        <LinkButton to="/reservar">Reservar</LinkButton>
      </TestRouter>,
    );
    const link = screen.getByRole('link', { name: 'Reservar' });
    expect(link).toHaveAttribute('href', '/reservar');
    expect(link).toHaveAttribute('data-theme', 'normal');
  });

  it('renders the black theme and keeps extra classes', () => {
    render(
      <TestRouter>
        <LinkButton to="/salir" theme="black" className="w-full">
          Salir
        </LinkButton>
      </TestRouter>,
    );
    const link = screen.getByRole('link', { name: 'Salir' });
    expect(link).toHaveAttribute('data-theme', 'black');
    // The caller's own classes are passed through.
    expect(link.className.split(' ')).toContain('w-full');
  });

  it('navigates when clicked', async () => {
    const user = userEvent.setup();
    render(
      <TestRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<LinkButton to="/consultorios">Ver consultorios</LinkButton>} />
          <Route path="/consultorios" element={<h1>Consultorios</h1>} />
        </Routes>
      </TestRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'Ver consultorios' }));
    expect(screen.getByRole('heading', { name: 'Consultorios' })).toBeInTheDocument();
  });
});

describe('Button', () => {
  it('is a type="button" primary button by default and handles clicks', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button onClick={onClick} ref={ref}>
        Guardar
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Guardar' });
    expect(ref.current).toBe(button);
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveAttribute('data-variant', 'primary');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it.each(['secondary', 'danger', 'ghost'] as const)('applies the %s variant', (variant) => {
    render(<Button variant={variant}>Acción</Button>);
    expect(screen.getByRole('button', { name: 'Acción' })).toHaveAttribute('data-variant', variant);
  });

  it('can be a submit button', () => {
    render(<Button type="submit">Enviar</Button>);
    expect(screen.getByRole('button', { name: 'Enviar' })).toHaveAttribute('type', 'submit');
  });

  it('when loading: disabled, aria-busy, shows a spinner and ignores clicks', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Pagar
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Pagar' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toContainElement(screen.getByTestId('spinner'));
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('shows no spinner when not loading', () => {
    render(<Button>Pagar</Button>);
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeEnabled();
    expect(screen.queryByTestId('spinner')).not.toBeInTheDocument();
  });
});

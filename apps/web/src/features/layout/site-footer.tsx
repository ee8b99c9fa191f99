import { Link } from 'react-router';
import { Logo } from './logo';

const linkClass = 'text-sm text-taupe transition-colors hover:text-ink focus-visible:outline-2 focus-visible:outline-ink rounded-sm';

export function SiteFooter() {
  return (
    <footer className="border-t border-linen bg-sand/60">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="flex flex-col gap-3">
          <Logo />
          <p className="max-w-xs font-display text-lg italic text-umber">Your Personalized AI Fashion Stylist</p>
        </div>
        <nav aria-label="Tiers" className="flex flex-col gap-3">
          <h2 className="eyebrow">Tiers</h2>
          <Link to="/tiers" className={linkClass}>Stylist</Link>
          <Link to="/tiers" className={linkClass}>Fashion Icon</Link>
        </nav>
        <nav aria-label="Resources" className="flex flex-col gap-3">
          <h2 className="eyebrow">Resources</h2>
          <Link to="/about" className={linkClass}>About Us</Link>
          <Link to="/privacy" className={linkClass}>Privacy Policy</Link>
          <Link to="/terms" className={linkClass}>Terms of Service</Link>
        </nav>
      </div>
      <div className="border-t border-linen">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs tracking-wide text-taupe sm:px-6">© 2025 Drape. All rights reserved.</p>
      </div>
    </footer>
  );
}

import { Briefcase, Footprints, Heart, Martini, Sofa, Sparkles, Sun, Dumbbell, Gem } from 'lucide-react';

/** The catalog's icon-class names (user-area §2 Dashboard) drawn with lucide. */
const ICONS: Record<string, typeof Heart> = {
  heart: Heart,
  cocktail: Martini,
  briefcase: Briefcase,
  sun: Sun,
  running: Dumbbell,
  couch: Sofa,
  walking: Footprints,
  ring: Gem,
};

export function OccasionIcon({ icon, className }: { icon: string; className?: string }) {
  const Icon = ICONS[icon] ?? Sparkles;
  return <Icon aria-hidden="true" className={className} />;
}

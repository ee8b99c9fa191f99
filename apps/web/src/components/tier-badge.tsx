import { TIER_NAMES, type Tier } from '@drape/contracts';
import { Badge } from '@drape/ui';
import { Crown, Gem, Sparkles, Star } from 'lucide-react';

const ICONS: Record<Tier, typeof Star> = { enthusiast: Sparkles, stylist: Star, collector: Gem, fashion_icon: Crown };

export function tierName(tier: Tier | undefined | null): string {
  return tier ? TIER_NAMES[tier] : TIER_NAMES.enthusiast;
}

export function TierBadge({ tier, className }: { tier: Tier | undefined | null; className?: string }) {
  const Icon = ICONS[tier ?? 'enthusiast'];
  return (
    <Badge tone={tier === 'fashion_icon' || tier === 'collector' ? 'ink' : 'gold'} className={className}>
      <Icon aria-hidden="true" className="h-3 w-3" />
      {tierName(tier)}
    </Badge>
  );
}

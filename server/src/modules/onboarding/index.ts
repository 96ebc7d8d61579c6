/** The public face of the onboarding module: it exports nothing (no other module uses onboarding; app.ts registers its routes). */

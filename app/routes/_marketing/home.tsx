import { brand } from "#core/brand";
import type { Route } from "./+types/home";

export function meta(_: Route.MetaArgs) {
  return [{ title: `${brand.name} | The First Egg Freezing Plan with a Guarantee` }];
}

export default function Home() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="font-display text-4xl text-ink">The First Egg Freezing Plan with a Guarantee</h1>
      <p className="mt-4 text-lg text-ink-muted">{brand.tagline}</p>
    </section>
  );
}

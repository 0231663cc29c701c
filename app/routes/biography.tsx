import { useLoaderData } from "@remix-run/react";

import { PageHeading } from "#app/components/page-heading.tsx";
import { Picture } from "#app/components/picture.tsx";
import type { loader } from "#app/loaders/biography-page.server.ts";
import { sectionMeta } from "#app/lib/seo.ts";

export { loader } from "#app/loaders/biography-page.server.ts";

/**
 * The portrait is never wider than 448 px (max-w-md). From md its column is 5/12 of the row less
 * the 64 px gap and 40 px padding each side; on a phone, the width less 20 px padding each side.
 */
const PHOTO_SIZES =
  "(min-width: 1220px) 448px, (min-width: 768px) calc((100vw - 144px) * 5 / 12), (min-width: 488px) 448px, calc(100vw - 40px)";

export default function Biography() {
  const { agentName, biography, testimonials } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading>Biography</PageHeading>
      <div className="mx-auto grid max-w-screen-2xl gap-10 px-5 pb-16 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:gap-16 md:px-10">
        <Picture
          kind="bioPhoto"
          src={biography.photo}
          alt={`Portrait of ${agentName}`}
          sizes={PHOTO_SIZES}
          loading="hero"
          className="aspect-[4/5] w-full max-w-md bg-line object-cover"
        />
        <div className="max-w-2xl space-y-5 text-lg font-light leading-relaxed md:text-xl">
          {biography.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </div>
      <section aria-labelledby="testimonials" className="border-t border-line">
        <div className="mx-auto max-w-screen-2xl px-5 pb-20 pt-12 md:px-10">
          <h2 id="testimonials" className="text-xs font-medium uppercase tracking-label text-muted">
            Testimonials
          </h2>
          <div className="mt-10 grid gap-x-12 gap-y-14 md:grid-cols-2 xl:grid-cols-3">
            {testimonials.map((testimonial) => (
              <figure key={testimonial.name}>
                <blockquote className="text-base leading-relaxed">
                  <p>“{testimonial.quote}”</p>
                </blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="block">{testimonial.name}</span>
                  <span className="block text-muted">{testimonial.jobTitle}</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}

export const meta = sectionMeta;

/** The single files: clients.yaml, biography.md, contact.yaml and site.yaml, with docs/content.md's help. */
import { fields, singleton } from "@keystatic/core";

import { plainBody } from "#edit/fields/plain-body.tsx";
import { sourceUpload } from "#edit/fields/source-upload.tsx";
import { previewUrl } from "#edit/preview.ts";

/** The section pages whose title and description site.yaml sets. */
const SECTION_PAGES = [
  "/artists/directors",
  "/artists/photographers",
  "/collective-reels",
  "/clients",
  "/biography",
  "/contact",
];

const clients = singleton({
  label: "Clients",
  path: "app/content/clients",
  format: { data: "yaml" },
  previewUrl: previewUrl("/clients"),
  schema: {
    clientLogos: fields.array(
      fields.object({
        name: fields.text({ label: "Client" }),
        logo: fields.text({
          label: "Logo",
          description:
            "/images/clients/{name}.png, made by npm run media from media/logos/{name}.png or .svg (a light logo on transparent: the page is dark).",
        }),
        alt: fields.text({ label: "Alt text", description: "What a screen reader says for the logo, e.g. Acme logo." }),
      }),
      {
        label: "Logos",
        description: "The logo grid of /clients, in this order (drag to reorder).",
        itemLabel: (props) => props.fields.name.value || "New client",
      },
    ),
    clientNames: fields.array(fields.text({ label: "Name", description: "In capitals, as the list shows it." }), {
      label: "Names",
      description: "The text list under the logos.",
      itemLabel: (props) => props.value || "New name",
    }),
  },
});

const biography = singleton({
  label: "Biography",
  path: "app/content/biography",
  format: { contentField: "profile" },
  previewUrl: previewUrl("/biography"),
  schema: {
    photo: sourceUpload({
      label: "Portrait",
      description: "The agent's photo on /biography: a 600×750 crop around its subject.",
      kind: "agentPhoto",
      accept: "image",
      written: () => "/images/bio/agent.jpg",
    }),
    testimonials: fields.array(
      fields.object({
        quote: fields.text({ label: "Quote", multiline: true }),
        name: fields.text({ label: "Name" }),
        jobTitle: fields.text({
          label: "Job title",
          description: "And company, e.g. Executive Producer, Harbor & Vine.",
        }),
      }),
      { label: "Testimonials", itemLabel: (props) => props.fields.name.value || "New testimonial" },
    ),
    profile: plainBody({ label: "Profile", description: "The agent's profile: paragraphs separated by a blank line." }),
  },
});

const contact = singleton({
  label: "Contact",
  path: "app/content/contact",
  format: { data: "yaml" },
  previewUrl: previewUrl("/contact"),
  schema: {
    addressLines: fields.array(fields.text({ label: "Line" }), {
      label: "Address",
      description: "One line each, as the page shows them.",
      itemLabel: (props) => props.value || "New line",
    }),
    phone: fields.text({ label: "Phone", description: "Digits with the usual separators, e.g. +1 (212) 555-0147." }),
    email: fields.text({ label: "E-mail", description: "e.g. studio@agency.example" }),
    pr: fields.text({ label: "Press line", multiline: true }),
  },
});

const site = singleton({
  label: "Site",
  path: "app/content/site",
  format: { data: "yaml" },
  previewUrl: previewUrl("/artists/directors"),
  schema: {
    agentName: fields.text({ label: "Agent's name", description: "The header's logo." }),
    agencyName: fields.text({ label: "Agency's name" }),
    tagline: fields.text({ label: "Tagline", multiline: true }),
    copyrightYear: fields.integer({ label: "Copyright year", description: "The footer's © year." }),
    instagramBaseUrl: fields.text({
      label: "Instagram address",
      description:
        "Artists' Instagram links are this plus the handle: https://www.instagram.com/ for a real agency (ends with /).",
    }),
    nav: fields.array(
      fields.object({
        label: fields.text({ label: "Label" }),
        href: fields.text({ label: "Path", description: "A page of this site, starting with /." }),
      }),
      { label: "Navigation", itemLabel: (props) => props.fields.label.value || "New link" },
    ),
    pages: fields.object(
      Object.fromEntries(
        SECTION_PAGES.map((path) => [
          path,
          fields.object(
            {
              title: fields.text({
                label: "Title",
                description: "The page's <title>, before “ — ” and the agent's name.",
              }),
              description: fields.text({
                label: "Description",
                description: "For search results and link previews.",
                multiline: true,
              }),
            },
            { label: path },
          ),
        ]),
      ),
      { label: "Section pages" },
    ),
  },
});

export function siteSingletons() {
  return { clients, biography, contact, site };
}

import type { Testimonial } from "./types";

/** The agent's profile on /biography. */
export const biography = {
  photo: "/images/bio/agent.jpg",
  paragraphs: [
    "Ines Calloway has spent more than two decades matching creative talent with the brands and agencies that need it. She began her career as a production coordinator at a commercial production company in Lower Manhattan, then spent eight years as an executive producer, overseeing campaigns for automotive, beverage and fashion clients across North America and Europe.",
    "In 2009 she founded Calloway Artists in New York with three directors and a single desk in a shared studio. The roster has since grown to include film directors, photographers and a CGI studio, and their work has been recognized at the Foundry Film Awards, the Ironbridge Advertising Awards and the Pale Blue Photography Awards.",
    "Ines keeps the agency deliberately small. She believes representation works best as a long-term partnership: she reads every treatment, sits in on every bid call and stays close to her artists from first pitch to final delivery. Agencies and producers come to her for candid advice, realistic budgets and talent that is right for the idea rather than simply available.",
    "Away from the office, she mentors emerging directors through the Brass Lantern Awards’ new talent program and is a regular portfolio reviewer at the Eastbank Photography Biennial.",
  ],
} satisfies { photo: string; paragraphs: string[] };

/** Quotes from producers, creatives and clients, shown below the profile. */
export const testimonials = [
  {
    quote: "Ines understands a script the way a director does. She put exactly the right people in front of us, and the bid came back clean and honest.",
    name: "Daniel Ferrante",
    jobTitle: "Executive Producer, Harbor & Vine",
  },
  {
    quote: "We have worked with Calloway Artists on six campaigns now. Every one delivered on time, and every one looked better than the board.",
    name: "Priya Raman",
    jobTitle: "Head of Production, Tallow & Reed",
  },
  {
    quote: "She fights hard for her artists without ever making the process difficult. That balance is rare in this business.",
    name: "Marcus Bell",
    jobTitle: "Executive Creative Director, Greyfield Partners",
  },
  {
    quote: "Ines found us a director for a tricky automotive launch with three weeks to go. It became our best-performing film of the year.",
    name: "Sofia Lindahl",
    jobTitle: "Global Brand Director, Vantor Motors",
  },
  {
    quote: "The roster is small, and that is the point. Each name is there for a reason, and Ines knows every one of their strengths.",
    name: "James Okonkwo",
    jobTitle: "Senior Art Buyer, Mercer Lane Creative",
  },
  {
    quote: "Signing with Ines changed my career. She helped me move from music videos into advertising without losing what made the work mine.",
    name: "Juno Adeyemi",
    jobTitle: "Director, Calloway Artists",
  },
  {
    quote: "Clear communication, no surprises, and a genuine love of the craft. I would work with her team on any project.",
    name: "Hannah Whitcombe",
    jobTitle: "Producer, North Quay Productions",
  },
  {
    quote: "Ines reads a brief better than most creatives I know. Her recommendations are always considered, and they are never just about who is free that week.",
    name: "Luis Acosta",
    jobTitle: "Creative Director, Brightwork Agency",
  },
  {
    quote: "From the treatment to the final grade, the collaboration felt effortless. The campaign outperformed every benchmark we set.",
    name: "Claire Dubois",
    jobTitle: "Vice President of Marketing, Aeris Airways",
  },
  {
    quote: "She has impeccable taste and an even better memory for people. Calloway Artists is the first call we make for photography.",
    name: "Rebecca Tan",
    jobTitle: "Director of Art Production, Cinder & Salt",
  },
  {
    quote: "Ines gave our studio the structure to grow without changing who we are. We would not be where we are today without her.",
    name: "Tomás Ferreira",
    jobTitle: "Founder, Parallax Foundry",
  },
  {
    quote: "Calm under pressure and fiercely loyal. When a shoot goes sideways, Ines is the person you want on the phone.",
    name: "Oliver Grant",
    jobTitle: "Head of Integrated Production, Fernhall Creative",
  },
] satisfies Testimonial[];

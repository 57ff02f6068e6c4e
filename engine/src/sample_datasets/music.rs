//! MUSIC: the Chinook digital music store (v1.4.5, MIT licence, `engine/samples/music`),
//! with its original table and column names.

use super::{SampleColumn, SampleInfo, SampleTable, col, dollars, fk, soft_fk};

pub const INFO: SampleInfo = SampleInfo {
    display_name: "Music store",
    description: "A digital music store: artists, albums and tracks, the customers who buy them, invoices and the support staff.",
    questions: ["What are the top 5 genres by total sales?", "Which countries have the most customers?", "What is the total sales amount by year?"],
};

const ARTIST: &[SampleColumn] =
    &[col("ArtistId", "INTEGER NOT NULL", "Unique identifier of the artist."), col("Name", "VARCHAR", "Name of the artist or band.")];
const ALBUM: &[SampleColumn] = &[
    col("AlbumId", "INTEGER NOT NULL", "Unique identifier of the album."),
    col("Title", "VARCHAR NOT NULL", "Title of the album."),
    col("ArtistId", "INTEGER NOT NULL", "The artist who released the album."),
];
const GENRE: &[SampleColumn] =
    &[col("GenreId", "INTEGER NOT NULL", "Unique identifier of the genre."), col("Name", "VARCHAR", "Name of the music genre, such as Rock or Jazz.")];
const MEDIA_TYPE: &[SampleColumn] = &[
    col("MediaTypeId", "INTEGER NOT NULL", "Unique identifier of the media type."),
    col("Name", "VARCHAR", "File format of a track, such as MPEG audio file or AAC audio file."),
];
const TRACK: &[SampleColumn] = &[
    col("TrackId", "INTEGER NOT NULL", "Unique identifier of the track."),
    col("Name", "VARCHAR NOT NULL", "Title of the track."),
    col("AlbumId", "INTEGER", "The album the track belongs to."),
    col("MediaTypeId", "INTEGER NOT NULL", "The file format of the track."),
    col("GenreId", "INTEGER", "The genre of the track."),
    col("Composer", "VARCHAR", "Composers of the track, comma separated."),
    col("Milliseconds", "INTEGER NOT NULL", "Length of the track in milliseconds."),
    col("Bytes", "INTEGER", "Size of the track file in bytes."),
    dollars("UnitPrice", "DECIMAL(10,2) NOT NULL", "Price of one purchase of the track, in US dollars."),
];
const PLAYLIST: &[SampleColumn] =
    &[col("PlaylistId", "INTEGER NOT NULL", "Unique identifier of the playlist."), col("Name", "VARCHAR", "Name of the playlist.")];
const PLAYLIST_TRACK: &[SampleColumn] =
    &[col("PlaylistId", "INTEGER NOT NULL", "The playlist."), col("TrackId", "INTEGER NOT NULL", "A track on the playlist.")];
const EMPLOYEE: &[SampleColumn] = &[
    col("EmployeeId", "INTEGER NOT NULL", "Unique identifier of the employee."),
    col("LastName", "VARCHAR NOT NULL", "Family name of the employee."),
    col("FirstName", "VARCHAR NOT NULL", "Given name of the employee."),
    col("Title", "VARCHAR", "Job title, such as Sales Support Agent."),
    col("ReportsTo", "INTEGER", "The employee's manager."),
    col("BirthDate", "TIMESTAMP", "Date of birth."),
    col("HireDate", "TIMESTAMP", "Date the employee was hired."),
    col("Address", "VARCHAR", "Street address."),
    col("City", "VARCHAR", "City."),
    col("State", "VARCHAR", "State or province."),
    col("Country", "VARCHAR", "Country."),
    col("PostalCode", "VARCHAR", "Postal code."),
    col("Phone", "VARCHAR", "Phone number."),
    col("Fax", "VARCHAR", "Fax number."),
    col("Email", "VARCHAR", "E-mail address."),
];
const CUSTOMER: &[SampleColumn] = &[
    col("CustomerId", "INTEGER NOT NULL", "Unique identifier of the customer."),
    col("FirstName", "VARCHAR NOT NULL", "Given name of the customer."),
    col("LastName", "VARCHAR NOT NULL", "Family name of the customer."),
    col("Company", "VARCHAR", "Company the customer works for, if any."),
    col("Address", "VARCHAR", "Street address."),
    col("City", "VARCHAR", "City where the customer lives."),
    col("State", "VARCHAR", "State or province."),
    col("Country", "VARCHAR", "Country where the customer lives."),
    col("PostalCode", "VARCHAR", "Postal code."),
    col("Phone", "VARCHAR", "Phone number."),
    col("Fax", "VARCHAR", "Fax number."),
    col("Email", "VARCHAR NOT NULL", "E-mail address."),
    col("SupportRepId", "INTEGER", "The employee who supports this customer."),
];
const INVOICE: &[SampleColumn] = &[
    col("InvoiceId", "INTEGER NOT NULL", "Unique identifier of the invoice (one purchase)."),
    col("CustomerId", "INTEGER NOT NULL", "The customer who made the purchase."),
    col("InvoiceDate", "TIMESTAMP NOT NULL", "Date and time of the purchase."),
    col("BillingAddress", "VARCHAR", "Billing street address."),
    col("BillingCity", "VARCHAR", "Billing city."),
    col("BillingState", "VARCHAR", "Billing state or province."),
    col("BillingCountry", "VARCHAR", "Billing country."),
    col("BillingPostalCode", "VARCHAR", "Billing postal code."),
    dollars("Total", "DECIMAL(10,2) NOT NULL", "Amount of the invoice in US dollars."),
];
const INVOICE_LINE: &[SampleColumn] = &[
    col("InvoiceLineId", "INTEGER NOT NULL", "Unique identifier of the invoice line."),
    col("InvoiceId", "INTEGER NOT NULL", "The invoice the line belongs to."),
    col("TrackId", "INTEGER NOT NULL", "The track bought."),
    dollars("UnitPrice", "DECIMAL(10,2) NOT NULL", "Price paid for one unit of the track, in US dollars."),
    col("Quantity", "INTEGER NOT NULL", "Number of units bought."),
];

pub const TABLES: &[SampleTable] = &[
    SampleTable {
        name: "Artist",
        description: "Artists and bands whose music the store sells.",
        columns: ARTIST,
        primary_key: &["ArtistId"],
        foreign_keys: &[],
    },
    SampleTable {
        name: "Album",
        description: "Albums, each by one artist.",
        columns: ALBUM,
        primary_key: &["AlbumId"],
        foreign_keys: &[fk("ArtistId", "Artist", "ArtistId")],
    },
    SampleTable { name: "Genre", description: "Music genres of tracks.", columns: GENRE, primary_key: &["GenreId"], foreign_keys: &[] },
    SampleTable { name: "MediaType", description: "File formats tracks are sold in.", columns: MEDIA_TYPE, primary_key: &["MediaTypeId"], foreign_keys: &[] },
    SampleTable {
        name: "Track",
        description: "Songs and videos for sale, with their album, genre, format, length and price.",
        columns: TRACK,
        primary_key: &["TrackId"],
        foreign_keys: &[fk("AlbumId", "Album", "AlbumId"), fk("MediaTypeId", "MediaType", "MediaTypeId"), fk("GenreId", "Genre", "GenreId")],
    },
    SampleTable { name: "Playlist", description: "Playlists that group tracks.", columns: PLAYLIST, primary_key: &["PlaylistId"], foreign_keys: &[] },
    SampleTable {
        name: "PlaylistTrack",
        description: "Which tracks are on which playlist.",
        columns: PLAYLIST_TRACK,
        primary_key: &["PlaylistId", "TrackId"],
        foreign_keys: &[fk("PlaylistId", "Playlist", "PlaylistId"), fk("TrackId", "Track", "TrackId")],
    },
    SampleTable {
        name: "Employee",
        description: "Employees of the store, including the support agents customers are assigned to.",
        columns: EMPLOYEE,
        primary_key: &["EmployeeId"],
        foreign_keys: &[soft_fk("ReportsTo", "Employee", "EmployeeId")],
    },
    SampleTable {
        name: "Customer",
        description: "Customers of the store and where they live.",
        columns: CUSTOMER,
        primary_key: &["CustomerId"],
        foreign_keys: &[fk("SupportRepId", "Employee", "EmployeeId")],
    },
    SampleTable {
        name: "Invoice",
        description: "Purchases: one invoice per order, with its billing address and total.",
        columns: INVOICE,
        primary_key: &["InvoiceId"],
        foreign_keys: &[fk("CustomerId", "Customer", "CustomerId")],
    },
    SampleTable {
        name: "InvoiceLine",
        description: "The tracks bought on each invoice, with price and quantity.",
        columns: INVOICE_LINE,
        primary_key: &["InvoiceLineId"],
        foreign_keys: &[fk("InvoiceId", "Invoice", "InvoiceId"), fk("TrackId", "Track", "TrackId")],
    },
];

pub fn data() -> Vec<(&'static str, String)> {
    macro_rules! shipped {
        ($($table:literal),*) => {
            vec![$(($table, include_str!(concat!("../../samples/music/", $table, ".csv")).to_owned())),*]
        };
    }
    shipped!("Artist", "Album", "Genre", "MediaType", "Track", "Playlist", "PlaylistTrack", "Employee", "Customer", "Invoice", "InvoiceLine")
}

//! ECOMMERCE: an online shop's customers, products, orders, order items, payments and
//! reviews over 2023–2025, generated from a fixed seed.

use super::{
    SampleColumn, SampleInfo, SampleTable, col, dollars, fk,
    generate::{Csv, FIRST_NAMES, Gen, LAST_NAMES, Opt, money, ymd},
};
use chrono::{Datelike, Duration, NaiveTime};

pub const INFO: SampleInfo = SampleInfo {
    display_name: "E-commerce",
    description: "An online shop: customers, products, orders and their items, payments and product reviews from 2023 to 2025.",
    questions: ["What is the total revenue by product category?", "Which 10 customers spent the most?", "How many orders were placed each month in 2024?"],
};

const CUSTOMERS: &[SampleColumn] = &[
    col("customer_id", "INTEGER NOT NULL", "Unique identifier of the customer."),
    col("first_name", "VARCHAR NOT NULL", "Given name of the customer."),
    col("last_name", "VARCHAR NOT NULL", "Family name of the customer."),
    col("email", "VARCHAR NOT NULL", "E-mail address of the customer."),
    col("city", "VARCHAR NOT NULL", "City of the customer's address."),
    col("state", "VARCHAR", "State or region of the customer's address."),
    col("country", "VARCHAR NOT NULL", "Country of the customer's address."),
    col("segment", "VARCHAR NOT NULL", "Customer segment: Consumer, Small Business or Corporate."),
    col("signed_up_on", "DATE NOT NULL", "Date the customer created an account."),
];
const PRODUCTS: &[SampleColumn] = &[
    col("product_id", "INTEGER NOT NULL", "Unique identifier of the product."),
    col("name", "VARCHAR NOT NULL", "Name of the product."),
    col("category", "VARCHAR NOT NULL", "Product category, such as Electronics or Home & Kitchen."),
    col("brand", "VARCHAR NOT NULL", "Brand of the product."),
    dollars("price", "DECIMAL(10,2) NOT NULL", "Current list price in US dollars."),
    dollars("cost", "DECIMAL(10,2) NOT NULL", "What one unit costs the shop, in US dollars."),
    col("launched_on", "DATE NOT NULL", "Date the product went on sale."),
];
const ORDERS: &[SampleColumn] = &[
    col("order_id", "INTEGER NOT NULL", "Unique identifier of the order."),
    col("customer_id", "INTEGER NOT NULL", "The customer who placed the order."),
    col("ordered_at", "TIMESTAMP NOT NULL", "Date and time the order was placed."),
    col("status", "VARCHAR NOT NULL", "Order status: delivered, shipped, processing, cancelled or returned."),
    col("channel", "VARCHAR NOT NULL", "Where the order was placed: web, mobile app or marketplace."),
    dollars("shipping_fee", "DECIMAL(10,2) NOT NULL", "Shipping charged to the customer, in US dollars."),
    dollars("total_amount", "DECIMAL(10,2) NOT NULL", "Amount of the order including shipping, in US dollars."),
    col("delivered_on", "DATE", "Date the order was delivered; empty when not delivered."),
];
const ORDER_ITEMS: &[SampleColumn] = &[
    col("order_item_id", "INTEGER NOT NULL", "Unique identifier of the order line."),
    col("order_id", "INTEGER NOT NULL", "The order the line belongs to."),
    col("product_id", "INTEGER NOT NULL", "The product bought."),
    col("quantity", "INTEGER NOT NULL", "Number of units bought."),
    dollars("unit_price", "DECIMAL(10,2) NOT NULL", "Price of one unit at the time of the order, in US dollars."),
    col("discount", "DECIMAL(4,2) NOT NULL", "Discount rate applied to the line, from 0 to 0.30."),
];
const PAYMENTS: &[SampleColumn] = &[
    col("payment_id", "INTEGER NOT NULL", "Unique identifier of the payment."),
    col("order_id", "INTEGER NOT NULL", "The order paid."),
    col("paid_at", "TIMESTAMP NOT NULL", "Date and time of the payment."),
    col("method", "VARCHAR NOT NULL", "Payment method: credit card, debit card, PayPal, gift card or bank transfer."),
    col("installments", "INTEGER NOT NULL", "Number of installments the payment is split into."),
    dollars("amount", "DECIMAL(10,2) NOT NULL", "Amount paid, in US dollars."),
];
const REVIEWS: &[SampleColumn] = &[
    col("review_id", "INTEGER NOT NULL", "Unique identifier of the review."),
    col("order_id", "INTEGER NOT NULL", "The order the reviewed product came with."),
    col("product_id", "INTEGER NOT NULL", "The product reviewed."),
    col("customer_id", "INTEGER NOT NULL", "The customer who wrote the review."),
    col("score", "INTEGER NOT NULL", "Rating from 1 (worst) to 5 (best)."),
    col("title", "VARCHAR NOT NULL", "Short headline of the review."),
    col("reviewed_at", "TIMESTAMP NOT NULL", "Date and time the review was posted."),
];

pub const TABLES: &[SampleTable] = &[
    SampleTable {
        name: "customers",
        description: "People and businesses who have an account with the shop.",
        columns: CUSTOMERS,
        primary_key: &["customer_id"],
        foreign_keys: &[],
    },
    SampleTable {
        name: "products",
        description: "The catalogue: every product with its category, brand, price and unit cost.",
        columns: PRODUCTS,
        primary_key: &["product_id"],
        foreign_keys: &[],
    },
    SampleTable {
        name: "orders",
        description: "Orders placed by customers, with status, channel and total amount.",
        columns: ORDERS,
        primary_key: &["order_id"],
        foreign_keys: &[fk("customer_id", "customers", "customer_id")],
    },
    SampleTable {
        name: "order_items",
        description: "The products in each order, with quantity, unit price and discount.",
        columns: ORDER_ITEMS,
        primary_key: &["order_item_id"],
        foreign_keys: &[fk("order_id", "orders", "order_id"), fk("product_id", "products", "product_id")],
    },
    SampleTable {
        name: "payments",
        description: "Payments received for orders; an order may be paid in more than one payment.",
        columns: PAYMENTS,
        primary_key: &["payment_id"],
        foreign_keys: &[fk("order_id", "orders", "order_id")],
    },
    SampleTable {
        name: "reviews",
        description: "Product reviews customers wrote after delivery.",
        columns: REVIEWS,
        primary_key: &["review_id"],
        foreign_keys: &[fk("order_id", "orders", "order_id"), fk("product_id", "products", "product_id"), fk("customer_id", "customers", "customer_id")],
    },
];

const PLACES: &[(&str, &str, &str)] = &[
    ("New York", "NY", "United States"),
    ("Los Angeles", "CA", "United States"),
    ("Chicago", "IL", "United States"),
    ("Houston", "TX", "United States"),
    ("Phoenix", "AZ", "United States"),
    ("Seattle", "WA", "United States"),
    ("Denver", "CO", "United States"),
    ("Boston", "MA", "United States"),
    ("Atlanta", "GA", "United States"),
    ("Miami", "FL", "United States"),
    ("Toronto", "ON", "Canada"),
    ("Vancouver", "BC", "Canada"),
    ("London", "England", "United Kingdom"),
    ("Manchester", "England", "United Kingdom"),
    ("Berlin", "Berlin", "Germany"),
    ("Munich", "Bavaria", "Germany"),
    ("Paris", "Île-de-France", "France"),
    ("Madrid", "Madrid", "Spain"),
    ("São Paulo", "SP", "Brazil"),
    ("Sydney", "NSW", "Australia"),
];

/// Category, brands, product nouns, price range.
type Category = (&'static str, &'static [&'static str], &'static [&'static str], (f64, f64));
const CATEGORIES: &[Category] = &[
    (
        "Electronics",
        &["Voltix", "Nordlicht", "Kairo"],
        &["Wireless Earbuds", "Bluetooth Speaker", "Smartwatch", "USB-C Charger", "Tablet", "Noise-Cancelling Headphones"],
        (19.0, 450.0),
    ),
    (
        "Home & Kitchen",
        &["Casa Verde", "Hearthstone", "Pomelo"],
        &["Chef's Knife", "Coffee Grinder", "Cast Iron Pan", "Blender", "Linen Sheets", "Table Lamp"],
        (12.0, 220.0),
    ),
    (
        "Clothing",
        &["Northbound", "Linea", "Oakhill"],
        &["Rain Jacket", "Merino Sweater", "Denim Jeans", "Running Shorts", "Wool Socks", "Canvas Sneakers"],
        (9.0, 180.0),
    ),
    (
        "Sports & Outdoors",
        &["Trailmark", "Summit Co", "Aqualine"],
        &["Yoga Mat", "Trekking Poles", "Camping Tent", "Water Bottle", "Cycling Helmet", "Dumbbell Set"],
        (8.0, 320.0),
    ),
    ("Beauty", &["Lumière", "Botanica", "Velvet Lab"], &["Face Serum", "Hand Cream", "Shampoo", "Lip Balm", "Sunscreen SPF 50", "Hair Dryer"], (5.0, 90.0)),
    (
        "Books",
        &["Paperlane", "Inkwell Press", "Atlas Books"],
        &["Cookbook", "Travel Guide", "Mystery Novel", "Children's Picture Book", "Business Handbook", "Poetry Collection"],
        (6.0, 45.0),
    ),
    (
        "Toys & Games",
        &["Brightbox", "Playfield", "Tinker & Co"],
        &["Building Blocks", "Board Game", "Puzzle 1000 Pieces", "Plush Bear", "Remote Control Car", "Card Game"],
        (7.0, 120.0),
    ),
];

const REVIEW_TITLES: [&[&str]; 5] = [
    &["Broke after a week", "Not as described", "Very disappointed"],
    &["Below expectations", "Poor quality", "Would not buy again"],
    &["It's okay", "Does the job", "Average"],
    &["Good value", "Happy with it", "Works well"],
    &["Excellent!", "Love it", "Exactly what I needed", "Highly recommend"],
];

pub fn data() -> Vec<(&'static str, String)> {
    let mut g = Gen::new(0xEC0_2023);
    let (start, end) = (ymd(2023, 1, 1), ymd(2025, 12, 31));

    let customer_count = 2000;
    let mut customers = Csv::new(&["customer_id", "first_name", "last_name", "email", "city", "state", "country", "segment", "signed_up_on"]);
    let mut signed_up = Vec::with_capacity(customer_count);
    for id in 1..=customer_count as i64 {
        let (first, last) = (*g.pick(FIRST_NAMES), *g.pick(LAST_NAMES));
        let (city, state, country) = *g.pick(PLACES);
        let segment = *g.weighted(&[("Consumer", 70), ("Small Business", 20), ("Corporate", 10)]);
        let joined = g.date(ymd(2021, 1, 1), ymd(2025, 9, 30));
        signed_up.push(joined);
        let email = format!("{}.{}{}@example.com", first.to_lowercase(), last.to_lowercase().replace('ü', "u"), id);
        customers.row(&[&id, &first, &last, &email, &city, &state, &country, &segment, &joined]);
    }

    let mut products = Csv::new(&["product_id", "name", "category", "brand", "price", "cost", "launched_on"]);
    let mut catalogue = Vec::new();
    let mut product_id = 0i64;
    for (category, brands, nouns, (low, high)) in CATEGORIES {
        for brand in *brands {
            for noun in *nouns {
                for edition in ["", " Pro"] {
                    if edition.is_empty() || g.chance(0.4) {
                        product_id += 1;
                        let price = (g.float(*low, *high) * if edition.is_empty() { 1.0 } else { 1.5 }).round() - 0.01;
                        let cost = price * g.float(0.35, 0.7);
                        let launched = g.date(ymd(2021, 6, 1), ymd(2025, 6, 30));
                        let name = format!("{brand} {noun}{edition}");
                        products.row(&[&product_id, &name, category, brand, &money(price), &money(cost), &launched]);
                        catalogue.push((product_id, price, launched));
                    }
                }
            }
        }
    }

    let mut orders = Csv::new(&["order_id", "customer_id", "ordered_at", "status", "channel", "shipping_fee", "total_amount", "delivered_on"]);
    let mut items = Csv::new(&["order_item_id", "order_id", "product_id", "quantity", "unit_price", "discount"]);
    let mut payments = Csv::new(&["payment_id", "order_id", "paid_at", "method", "installments", "amount"]);
    let mut reviews = Csv::new(&["review_id", "order_id", "product_id", "customer_id", "score", "title", "reviewed_at"]);
    let (mut item_id, mut payment_id, mut review_id) = (0i64, 0i64, 0i64);
    let days = (end - start).num_days();
    for order_id in 1..=10_000i64 {
        let customer = g.int(1, customer_count as i64);
        let earliest = signed_up[(customer - 1) as usize].max(start);
        // More orders later in the period and in November and December.
        let mut day = g.date(earliest, end);
        if g.chance(0.25) {
            day = ymd(day.year(), g.int(11, 12) as u32, g.int(1, 28) as u32).max(earliest);
        } else if g.chance(0.2) {
            day = (start + Duration::days(g.int(days / 2, days))).max(earliest);
        }
        let at = day.and_time(NaiveTime::from_hms_opt(g.int(7, 23) as u32, g.int(0, 59) as u32, g.int(0, 59) as u32).unwrap());
        let status = *g.weighted(&[("delivered", 82), ("shipped", 5), ("processing", 2), ("cancelled", 6), ("returned", 5)]);
        let status = if day > ymd(2025, 12, 20) && status == "delivered" { "shipped" } else { status };
        let channel = *g.weighted(&[("web", 55), ("mobile app", 35), ("marketplace", 10)]);
        let mut subtotal = 0.0;
        let mut bought = Vec::new();
        for _ in 0..*g.weighted(&[(1, 45), (2, 30), (3, 15), (4, 7), (5, 3)]) {
            let (pid, price, launched) = *g.pick(&catalogue);
            if launched > day || bought.contains(&pid) {
                continue;
            }
            let quantity = *g.weighted(&[(1, 75), (2, 17), (3, 6), (4, 2)]);
            let discount = *g.weighted(&[(0.0, 70), (0.05, 12), (0.1, 10), (0.2, 6), (0.3, 2)]);
            item_id += 1;
            subtotal += price * quantity as f64 * (1.0 - discount);
            bought.push(pid);
            items.row(&[&item_id, &order_id, &pid, &quantity, &money(price), &format!("{discount:.2}")]);
        }
        if bought.is_empty() {
            let (pid, price, _) = catalogue[0];
            item_id += 1;
            subtotal += price;
            bought.push(pid);
            items.row(&[&item_id, &order_id, &pid, &1, &money(price), &"0.00"]);
        }
        let shipping = if subtotal >= 50.0 { 0.0 } else { 5.99 };
        let total = subtotal + shipping;
        let delivered = (status == "delivered" || status == "returned").then(|| day + Duration::days(g.int(1, 9)));
        orders.row(&[&order_id, &customer, &at, &status, &channel, &money(shipping), &money(total), &Opt(delivered)]);

        if status != "cancelled" {
            let method = *g.weighted(&[("credit card", 55), ("debit card", 18), ("PayPal", 17), ("gift card", 5), ("bank transfer", 5)]);
            let installments = if method == "credit card" { *g.weighted(&[(1, 70), (3, 15), (6, 10), (12, 5)]) } else { 1 };
            let split = method == "gift card" && total > 30.0;
            let first = if split { (total * 0.4 * 100.0).round() / 100.0 } else { total };
            payment_id += 1;
            payments.row(&[&payment_id, &order_id, &(at + Duration::minutes(g.int(1, 30))), &method, &installments, &money(first)]);
            if split {
                payment_id += 1;
                payments.row(&[&payment_id, &order_id, &(at + Duration::minutes(g.int(1, 30))), &"credit card", &1, &money(total - first)]);
            }
        }
        if let Some(delivered) = delivered
            && g.chance(0.4)
        {
            let product = *g.pick(&bought);
            let score = *g.weighted(&[(5u8, 48), (4, 26), (3, 11), (2, 6), (1, 9)]);
            let title = *g.pick(REVIEW_TITLES[(score - 1) as usize]);
            let when = (delivered + Duration::days(g.int(1, 20))).and_time(NaiveTime::from_hms_opt(g.int(8, 22) as u32, g.int(0, 59) as u32, 0).unwrap());
            review_id += 1;
            reviews.row(&[&review_id, &order_id, &product, &customer, &score, &title, &when]);
        }
    }

    vec![
        ("customers", customers.finish()),
        ("products", products.finish()),
        ("orders", orders.finish()),
        ("order_items", items.finish()),
        ("payments", payments.finish()),
        ("reviews", reviews.finish()),
    ]
}
